import { zodResolver } from '@hookform/resolvers/zod';
import { type RepairBody, repairBody, weldInspectionMessages as t } from '@portal/contract/welds';
import Form from 'react-bootstrap/Form';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { type SeamWriteFormProps, useWeldWrite } from '../api/inspect';
import { useQualifiedOperators } from '../api/qualifications';
import { useProcedures } from '../api/seam';
import { SaveAndCancel, WeldField, weldFields } from './form-actions';

/** The repair of one defect: its own procedure (in force that day) and operator, sent through the offline queue. */
export function RepairForm({ tramoId, target, idPrefix, today, onDone, onCancel }: SeamWriteFormProps & { onCancel: () => void }) {
  const save = useWeldWrite(tramoId);
  const procedures = useProcedures();
  const operators = useQualifiedOperators();
  const errorId = `${idPrefix}-error`;
  const { register, submit, errors, message, fail } = useServerForm({
    resolver: zodResolver(repairBody),
    defaultValues: { procedure_id: 0, operator_id: 0, repaired_on: today } as RepairBody,
    order: ['procedure_id', 'operator_id', 'repaired_on'],
    texts: { fallback: t.saveFailed, network: t.network },
  });
  // Awaited, not mutate's callbacks: a queued repair takes this form's place in the list at once, and
  // the callbacks of an unmounted form never run.
  const onSubmit = submit((values) =>
    save
      .mutateAsync({ what: 'repair', target, body: values })
      .then(
        (outcome) =>
          onDone(outcome.queued ? { variant: 'info', text: t.queuedRepair } : { variant: 'success', text: outcome.data.message }),
        fail,
      ),
  );
  const field = weldFields(register, errors, errorId);
  const open = (procedures.data ?? []).filter((p) => p.retired_from === null || p.retired_from > today);
  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body my-2" aria-label={t.addRepair}>
      <h4 className="h6">{t.addRepair}</h4>
      {message && <Feedback id={errorId}>{message}</Feedback>}
      <WeldField id={`${idPrefix}-procedure`} label={t.repairProcedure} className="mb-2" {...field('procedure_id', 'id')}>
        <option value={0}>{t.chooseProcedure}</option>
        {open.map((p) => (
          <option key={p.id} value={p.id}>
            {p.code}
          </option>
        ))}
      </WeldField>
      <WeldField id={`${idPrefix}-operator`} label={t.repairOperator} className="mb-2" {...field('operator_id', 'id')}>
        <option value={0}>{t.chooseOperator}</option>
        {(operators.data ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </WeldField>
      <WeldField id={`${idPrefix}-date`} label={t.repairedOn} className="mb-2" {...field('repaired_on', 'date')} />
      <div className="d-flex flex-wrap gap-2">
        <SaveAndCancel pending={save.isPending} save={t.saveRepair} saving={t.saving} cancel={t.cancel} onCancel={onCancel} />
      </div>
    </Form>
  );
}
