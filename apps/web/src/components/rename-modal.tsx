import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import type { z } from 'zod';
import { useAdminEditForm } from '@/components/admin-list';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { fieldError } from '@/lib/field-error';

const toValues = (item: { name: string }) => ({ name: item.name });

/** What a dialog closes with: hidden, or saved with its success text. */
export interface RenameClose {
  onHide: () => void;
  onSaved: (text: string) => void;
}

/** What names a rename dialog and checks its field: `id` names the dialog and its field. */
export interface RenameDialog {
  id: string;
  title: string;
  label: string;
  schema: z.ZodType<{ name: string }, { name: string }>;
  texts: { updated: string; updateFallback: string; network: string };
}

/**
 * The admin's dialog that renames one thing (a nave, a terminal): its one name field, checked by the
 * contract's schema and saved by `save`.
 */
export function RenameModal<T extends { id: number; name: string }>({
  dialog: { id, title, label, schema, texts },
  item,
  save,
  onHide,
  onSaved,
}: RenameClose & {
  dialog: RenameDialog;
  item: T | null;
  save: UseMutationResult<unknown, Error, { name: string; id: number }>;
}) {
  const { onSubmit, message, errors, register } = useAdminEditForm({
    item,
    toValues,
    options: { resolver: zodResolver(schema), defaultValues: { name: '' }, order: ['name'] },
    save,
    texts,
    onSaved,
  });
  return (
    <EditModalFrame id={id} title={title} show={item !== null} message={message} busy={save.isPending} onHide={onHide} onSubmit={onSubmit}>
      <Form.Group controlId={`${id}-name`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.name} {...fieldError(!!errors.name, `${id}-error`)} {...register('name')} />
      </Form.Group>
    </EditModalFrame>
  );
}
