import { zodResolver } from '@hookform/resolvers/zod';
import { type NaveWithCount, naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import Form from 'react-bootstrap/Form';
import { useAdminEditForm } from '@/components/admin-list';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { fieldError } from '@/lib/field-error';
import { useUpdateNave } from '../api/update-nave';

const texts = { ...naveMessages, ...naveScreenTexts };
const toValues = (nave: NaveWithCount) => ({ name: nave.name });

export function RenameNaveModal({
  nave,
  onHide,
  onSaved,
}: {
  nave: NaveWithCount | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const update = useUpdateNave();
  const { onSubmit, message, errors, register } = useAdminEditForm({
    item: nave,
    toValues,
    options: { resolver: zodResolver(naveBody), defaultValues: { name: '' }, order: ['name'] },
    save: update,
    texts,
    onSaved,
  });

  return (
    <EditModalFrame
      id="rename-nave"
      title={naveScreenTexts.editTitle}
      show={nave !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group controlId="rename-nave-name">
        <Form.Label>{naveScreenTexts.name}</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.name} {...fieldError(!!errors.name, 'rename-nave-error')} {...register('name')} />
      </Form.Group>
    </EditModalFrame>
  );
}
