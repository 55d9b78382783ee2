import { zodResolver } from '@hookform/resolvers/zod';
import { LOT_KINDS, type LotBody, lotBody, weldScreenMessages as t, weldMessages } from '@portal/contract/welds';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { ValueOptions } from '@/components/select-options';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { fieldError } from '@/lib/field-error';
import { useCreateLot } from '../api/lots';

const EMPTY: LotBody = { kind: 'fundente', classification: '', maker: '', lot_number: '', received_on: '' };
const FIELDS = [
  { name: 'classification', id: 'lot-classification', label: t.classification },
  { name: 'maker', id: 'lot-maker', label: t.maker },
  { name: 'lot_number', id: 'lot-number', label: t.lotNumber },
] as const;

/** 'Registrar lote': a wire or flux lot, checked with the contract's schema before it is sent. */
export function AddLotForm({ onResult }: { onResult: (message: BannerMessage) => void }) {
  const create = useCreateLot();
  const { register, submit, reset, errors, message, fail } = useServerForm({
    resolver: zodResolver(lotBody),
    defaultValues: EMPTY,
    order: ['kind', ...FIELDS.map((f) => f.name), 'received_on'],
    texts: { fallback: t.saveFailed, network: t.network },
  });
  const onSubmit = submit((values) =>
    create.mutate(values, {
      onSuccess: (res) => {
        reset(EMPTY);
        onResult({ variant: 'success', text: res.message });
      },
      onError: fail,
    }),
  );
  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-4" aria-label={t.addLot}>
      <h2 className="h6">{t.addLot}</h2>
      {message && <Feedback id="add-lot-error">{message}</Feedback>}
      <Form.Group className="mb-3" controlId="lot-kind">
        <Form.Label>{t.kind}</Form.Label>
        <Form.Select isInvalid={!!errors.kind} {...fieldError(!!errors.kind, 'add-lot-error')} {...register('kind')}>
          <ValueOptions values={LOT_KINDS} label={(kind) => weldMessages.lotKindName[kind]} />
        </Form.Select>
      </Form.Group>
      <TextFields fields={FIELDS} register={register} errors={errors} errorId="add-lot-error" />
      <Form.Group className="mb-3" controlId="lot-received-on">
        <Form.Label>{t.receivedOn}</Form.Label>
        <Form.Control
          type="date"
          isInvalid={!!errors.received_on}
          {...fieldError(!!errors.received_on, 'add-lot-error')}
          {...register('received_on')}
        />
      </Form.Group>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.adding : t.addLot}
        </Button>
      </div>
    </Form>
  );
}
