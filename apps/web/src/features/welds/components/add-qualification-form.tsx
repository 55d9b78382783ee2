import { zodResolver } from '@hookform/resolvers/zod';
import { QUALIFICATION_STANDARDS, type QualificationBody, qualificationBody, weldScreenMessages as t } from '@portal/contract/welds';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { fieldError } from '@/lib/field-error';
import { useCreateQualification, useOperatorSearch } from '../api/qualifications';
import { WeldProcessOptions } from './form-actions';

const EMPTY = {
  user_id: '',
  standard: 'ISO 14732',
  certificate_number: '',
  process: 121,
  range_notes: '',
  issued_on: '',
  expires_on: '',
} as unknown as QualificationBody;
const TEXTS = [
  { name: 'certificate_number', id: 'qual-certificate', label: t.certificate },
  { name: 'range_notes', id: 'qual-ranges', label: t.ranges },
] as const;
const ERROR_ID = 'add-qualification-error';

/** 'Registrar cualificación': the operator found by name or number, the certificate and its dates. */
export function AddQualificationForm({ onResult }: { onResult: (message: BannerMessage) => void }) {
  const create = useCreateQualification();
  const [search, setSearch] = useState('');
  const found = useOperatorSearch(search);
  const { register, submit, reset, errors, message, fail } = useServerForm({
    resolver: zodResolver(qualificationBody),
    defaultValues: EMPTY,
    order: ['user_id', 'standard', 'certificate_number', 'process', 'range_notes', 'issued_on', 'expires_on', ''],
    texts: { fallback: t.qualificationSaveFailed, network: t.network },
  });
  const onSubmit = submit((values) =>
    create.mutate(values, {
      onSuccess: (res) => {
        reset(EMPTY);
        setSearch('');
        onResult({ variant: 'success', text: res.message });
      },
      onError: fail,
    }),
  );
  const invalid = (field: keyof typeof errors) => ({ isInvalid: !!errors[field], ...fieldError(!!errors[field], ERROR_ID) });
  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label={t.addQualification}>
      <h2 className="h6">{t.addQualification}</h2>
      {message && <Feedback id={ERROR_ID}>{message}</Feedback>}
      <div className="row g-3">
        <Form.Group className="col-md-6" controlId="qual-search">
          <Form.Label>{t.searchOperator}</Form.Label>
          <Form.Control type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-md-6" controlId="qual-user">
          <Form.Label>{t.operator}</Form.Label>
          <Form.Select {...invalid('user_id')} {...register('user_id')}>
            <option value="">{t.chooseOperator}</option>
            {(found.data?.items ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.worker_id})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-6" controlId="qual-standard">
          <Form.Label>{t.standard}</Form.Label>
          <Form.Select {...invalid('standard')} {...register('standard')}>
            {QUALIFICATION_STANDARDS.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-6" controlId="qual-process">
          <Form.Label>{t.process}</Form.Label>
          <Form.Select {...invalid('process')} {...register('process', { valueAsNumber: true })}>
            <WeldProcessOptions />
          </Form.Select>
        </Form.Group>
      </div>
      <div className="mt-3">
        <TextFields fields={TEXTS} register={register} errors={errors} errorId={ERROR_ID} />
      </div>
      <div className="row g-3 mb-3">
        <Form.Group className="col-md-6" controlId="qual-issued">
          <Form.Label>{t.issuedOn}</Form.Label>
          <Form.Control type="date" {...invalid('issued_on')} {...register('issued_on')} />
        </Form.Group>
        <Form.Group className="col-md-6" controlId="qual-expires">
          <Form.Label>{t.expiresOn}</Form.Label>
          <Form.Control type="date" {...invalid('expires_on')} {...register('expires_on')} />
        </Form.Group>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.adding : t.addQualification}
        </Button>
      </div>
    </Form>
  );
}
