import { zodResolver } from '@hookform/resolvers/zod';
import { LOT_KINDS, type LotBody, lotBody, weldScreenMessages as t, weldMessages } from '@portal/contract/welds';
import Form from 'react-bootstrap/Form';
import type { BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { ValueOptions } from '@/components/select-options';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { useCreateLot } from '../api/lots';
import { SaveAndCancel, WeldField, weldFields } from './form-actions';

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
  const field = weldFields(register, errors, 'add-lot-error');
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
      <WeldField id="lot-kind" label={t.kind} className="mb-3" {...field('kind')}>
        <ValueOptions values={LOT_KINDS} label={(kind) => weldMessages.lotKindName[kind]} />
      </WeldField>
      <TextFields fields={FIELDS} register={register} errors={errors} errorId="add-lot-error" />
      <WeldField id="lot-received-on" label={t.receivedOn} className="mb-3" {...field('received_on', 'date')} />
      <div>
        <SaveAndCancel pending={create.isPending} save={t.addLot} saving={t.adding} />
      </div>
    </Form>
  );
}
