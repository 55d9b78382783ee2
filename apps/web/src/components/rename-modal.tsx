import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import type { z } from 'zod';
import { useAdminEditForm } from '@/components/admin-list';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { fieldError } from '@/lib/field-error';

const toValues = (item: { name: string }) => ({ name: item.name });

/**
 * The admin's dialog that renames one thing (a nave, a terminal): its one name field, checked by the
 * contract's `schema` and saved by `save`; `id` names the dialog and its field.
 */
export function RenameModal<T extends { id: number; name: string }>({
  id,
  title,
  label,
  item,
  schema,
  save,
  texts,
  onHide,
  onSaved,
}: {
  id: string;
  title: string;
  label: string;
  item: T | null;
  schema: z.ZodType<{ name: string }, { name: string }>;
  save: UseMutationResult<unknown, Error, { name: string; id: number }>;
  texts: { updated: string; updateFallback: string; network: string };
  onHide: () => void;
  onSaved: (text: string) => void;
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
