import { zodResolver } from '@hookform/resolvers/zod';
import { QUALIFICATION_STANDARDS, type QualificationBody, qualificationBody, weldScreenMessages as t } from '@portal/contract/welds';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { useCreateQualification, useOperatorSearch } from '../api/qualifications';
import { SaveAndCancel, WeldField, WeldProcessOptions, weldFields } from './form-actions';

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
  const field = weldFields(register, errors, ERROR_ID);
  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label={t.addQualification}>
      <h2 className="h6">{t.addQualification}</h2>
      {message && <Feedback id={ERROR_ID}>{message}</Feedback>}
      <div className="row g-3">
        <Form.Group className="col-md-6" controlId="qual-search">
          <Form.Label>{t.searchOperator}</Form.Label>
          <Form.Control type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </Form.Group>
        <WeldField id="qual-user" label={t.operator} className="col-md-6" {...field('user_id')}>
          <option value="">{t.chooseOperator}</option>
          {(found.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.worker_id})
            </option>
          ))}
        </WeldField>
        <WeldField id="qual-standard" label={t.standard} className="col-md-6" {...field('standard')}>
          {QUALIFICATION_STANDARDS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </WeldField>
        <WeldField id="qual-process" label={t.process} className="col-md-6" {...field('process', 'id')}>
          <WeldProcessOptions />
        </WeldField>
      </div>
      <div className="mt-3">
        <TextFields fields={TEXTS} register={register} errors={errors} errorId={ERROR_ID} />
      </div>
      <div className="row g-3 mb-3">
        <WeldField id="qual-issued" label={t.issuedOn} className="col-md-6" {...field('issued_on', 'date')} />
        <WeldField id="qual-expires" label={t.expiresOn} className="col-md-6" {...field('expires_on', 'date')} />
      </div>
      <div>
        <SaveAndCancel pending={create.isPending} save={t.addQualification} saving={t.adding} />
      </div>
    </Form>
  );
}
