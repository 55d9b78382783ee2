import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTerminal, renameTerminalBody, terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import Form from 'react-bootstrap/Form';
import { useAdminEditForm } from '@/components/admin-list';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { fieldError } from '@/lib/field-error';
import { useRenameTerminal } from '../api/rename-terminal';

const texts = { updated: terminalMessages.renamed, updateFallback: t.saveFallback, network: t.saveFallback };
const toValues = (terminal: AdminTerminal) => ({ name: terminal.name });

export function RenameTerminalModal({
  terminal,
  onHide,
  onSaved,
}: {
  terminal: AdminTerminal | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const rename = useRenameTerminal();
  const { onSubmit, message, errors, register } = useAdminEditForm({
    item: terminal,
    toValues,
    options: { resolver: zodResolver(renameTerminalBody), defaultValues: { name: '' }, order: ['name'] },
    save: rename,
    texts,
    onSaved,
  });
  return (
    <EditModalFrame
      id="rename-terminal"
      title={t.renameTitle}
      show={terminal !== null}
      message={message}
      busy={rename.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group controlId="rename-terminal-name">
        <Form.Label>{t.nameLabel}</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.name} {...fieldError(!!errors.name, 'rename-terminal-error')} {...register('name')} />
      </Form.Group>
    </EditModalFrame>
  );
}
