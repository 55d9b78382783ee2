import { zodResolver } from '@hookform/resolvers/zod';
import { type Arco, arcoBody, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import Form from 'react-bootstrap/Form';
import { useAdminEditForm } from '@/components/admin-list';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { fieldError } from '@/lib/field-error';
import { useUpdateArco } from '../api/update-arco';
import { ArcoNaveSelect } from './add-arco-form';

const texts = { ...arcoMessages, ...arcoScreenTexts };
const toValues = (arco: Arco) => ({ name: arco.name, nave: arco.nave });

export function EditArcoModal({
  arco,
  naves,
  onHide,
  onSaved,
}: {
  arco: Arco | null;
  naves: Nave[];
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const update = useUpdateArco();
  const { onSubmit, message, errors, register } = useAdminEditForm({
    item: arco,
    toValues,
    options: { resolver: zodResolver(arcoBody), defaultValues: { name: '', nave: '' }, order: ['name', 'nave'] },
    save: update,
    texts,
    onSaved,
  });
  // An arco whose nave was renamed elsewhere still shows its current value.
  const options = arco && !naves.some((n) => n.name === arco.nave) ? [...naves, { id: -1, name: arco.nave }] : naves;

  return (
    <EditModalFrame
      id="edit-arco"
      title={arcoScreenTexts.editTitle}
      show={arco !== null}
      message={message}
      busy={update.isPending}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <Form.Group className="mb-3" controlId="edit-arco-name">
        <Form.Label>{arcoScreenTexts.name}</Form.Label>
        <Form.Control type="text" isInvalid={!!errors.name} {...fieldError(!!errors.name, 'edit-arco-error')} {...register('name')} />
      </Form.Group>
      <ArcoNaveSelect
        className="mb-3"
        id="edit-arco-nave"
        naves={options}
        invalid={!!errors.nave}
        errorId="edit-arco-error"
        registration={register('nave')}
      />
    </EditModalFrame>
  );
}
