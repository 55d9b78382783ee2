import { zodResolver } from '@hookform/resolvers/zod';
import { arcoBody, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { addSubmit } from '@/components/admin-list';
import type { BannerMessage } from '@/components/banner';
import { fieldError } from '@/lib/field-error';
import { useCreateArco } from '../api/create-arco';
import { NaveOptions } from './nave-options';

/** The inline add form above the arco grid. */
export function AddArcoForm({ naves, onResult }: { naves: Nave[]; onResult: (message: BannerMessage) => void }) {
  const form = useForm({ resolver: zodResolver(arcoBody), defaultValues: { name: '', nave: '' } });
  const create = useCreateArco();
  const onSubmit = addSubmit(form, create, { ...arcoMessages, ...arcoScreenTexts }, onResult);
  const { errors } = form.formState;
  const message = errors.name?.message ?? errors.nave?.message;

  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label="Añadir arco sumergido">
      <h2 className="h6">Añadir Arco Sumergido</h2>
      {message && (
        <div className="alert alert-danger py-2" role="alert" id="add-arco-error">
          {message}
        </div>
      )}
      <Row className="g-2 align-items-end">
        <Col xs={12} md={5}>
          <Form.Group controlId="add-arco-name">
            <Form.Label>Nombre del arco</Form.Label>
            <Form.Control
              type="text"
              isInvalid={!!errors.name}
              {...fieldError(!!errors.name, 'add-arco-error')}
              {...form.register('name')}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={4}>
          <Form.Group controlId="add-arco-nave">
            <Form.Label>Nave</Form.Label>
            <Form.Select isInvalid={!!errors.nave} {...fieldError(!!errors.nave, 'add-arco-error')} {...form.register('nave')}>
              <NaveOptions naves={naves} />
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={12} md={3}>
          <Button type="submit" className="w-100" disabled={create.isPending}>
            {create.isPending ? 'Añadiendo...' : 'Añadir'}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
