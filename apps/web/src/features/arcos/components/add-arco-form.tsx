import { zodResolver } from '@hookform/resolvers/zod';
import { arcoBody, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { addSubmit } from '@/components/admin-list';
import type { BannerMessage } from '@/components/banner';
import { CatalogSelect } from '@/components/catalog-select';
import { Feedback } from '@/components/feedback';
import { fieldError } from '@/lib/field-error';
import { firstError } from '@/lib/first-error';
import { useCreateArco } from '../api/create-arco';

/** The nave of an arco, in the add form and the edit dialog; invalid, it points to the form's error (`errorId`). */
export function ArcoNaveSelect({
  id,
  className,
  naves,
  invalid,
  errorId,
  registration,
}: {
  id: string;
  className?: string;
  naves: readonly Nave[];
  invalid: boolean;
  errorId: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <CatalogSelect
      className={className}
      id={id}
      label={arcoScreenTexts.nave}
      by="name"
      items={naves}
      first={arcoScreenTexts.chooseNave}
      isInvalid={invalid}
      {...fieldError(invalid, errorId)}
      {...registration}
    />
  );
}

/** The inline add form above the arco grid. */
export function AddArcoForm({ naves, onResult }: { naves: Nave[]; onResult: (message: BannerMessage) => void }) {
  const form = useForm({ resolver: zodResolver(arcoBody), defaultValues: { name: '', nave: '' } });
  const create = useCreateArco();
  const onSubmit = addSubmit(form, create, { ...arcoMessages, ...arcoScreenTexts }, onResult);
  const { errors } = form.formState;
  const message = firstError(errors, ['name', 'nave']);

  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label={arcoScreenTexts.addForm}>
      <h2 className="h6">{arcoScreenTexts.addTitle}</h2>
      {message && (
        <Feedback className="py-2" id="add-arco-error">
          {message}
        </Feedback>
      )}
      <Row className="g-2 align-items-end">
        <Col xs={12} md={5}>
          <Form.Group controlId="add-arco-name">
            <Form.Label>{arcoScreenTexts.name}</Form.Label>
            <Form.Control
              type="text"
              isInvalid={!!errors.name}
              {...fieldError(!!errors.name, 'add-arco-error')}
              {...form.register('name')}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={4}>
          <ArcoNaveSelect
            id="add-arco-nave"
            naves={naves}
            invalid={!!errors.nave}
            errorId="add-arco-error"
            registration={form.register('nave')}
          />
        </Col>
        <Col xs={12} md={3}>
          <Button type="submit" className="w-100" disabled={create.isPending}>
            {create.isPending ? arcoScreenTexts.adding : arcoScreenTexts.add}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
