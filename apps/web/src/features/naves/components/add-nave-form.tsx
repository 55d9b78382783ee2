import { zodResolver } from '@hookform/resolvers/zod';
import { naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import { addSubmit } from '@/components/admin-list';
import type { BannerMessage } from '@/components/banner';
import { fieldError } from '@/lib/field-error';
import { useCreateNave } from '../api/create-nave';

const texts = { ...naveMessages, ...naveScreenTexts, added: naveMessages.created };

export function AddNaveForm({ onResult }: { onResult: (message: BannerMessage) => void }) {
  const form = useForm({ resolver: zodResolver(naveBody), defaultValues: { name: '' } });
  const create = useCreateNave();
  const onSubmit = addSubmit(form, create, texts, onResult);
  const { errors } = form.formState;

  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label={naveScreenTexts.addForm}>
      <h2 className="h6">{naveScreenTexts.addTitle}</h2>
      <Form.Label htmlFor="add-nave-name">{naveScreenTexts.name}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id="add-nave-name"
          type="text"
          isInvalid={!!errors.name}
          {...fieldError(!!errors.name, 'add-nave-error')}
          {...form.register('name')}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? naveScreenTexts.adding : naveScreenTexts.add}
        </Button>
        <Form.Control.Feedback type="invalid" role="alert" id="add-nave-error">
          {errors.name?.message}
        </Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
