import { zodResolver } from '@hookform/resolvers/zod';
import { weldMessages } from '@portal/contract/welds';
import { RECALL_KINDS, type RecallKind, type RecallPick, recallPick, weldFiguresMessages as t } from '@portal/contract/welds-figures';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import type { RecallTarget } from '../api/figures';
import { useLots } from '../api/lots';
import { useQualifications } from '../api/qualifications';
import { useProcedures } from '../api/seam';
import { WeldField, weldFields } from './form-actions';

const EMPTY: RecallPick = { kind: 'lot', target: '' };
const ERROR_ID = 'recall-error';

/** The choices of one kind: lots, qualifications, or every revision of every procedure (`procedure:revision`). */
function useTargets(kind: RecallKind): { options: { value: string; label: string }[] | undefined; failed: boolean } {
  const lots = useLots();
  const qualifications = useQualifications();
  const procedures = useProcedures();
  if (kind === 'lot')
    return {
      options: lots.data?.map((l) => ({
        value: String(l.id),
        label: t.lotOption(l.lot_number, weldMessages.lotKindName[l.kind], l.classification),
      })),
      failed: lots.isError,
    };
  if (kind === 'qualification')
    return {
      options: qualifications.data?.map((q) => ({
        value: String(q.id),
        label: t.qualificationOption(q.user_name, q.certificate_number, q.standard),
      })),
      failed: qualifications.isError,
    };
  return {
    options: procedures.data?.flatMap((p) =>
      p.revisions.map((r) => ({ value: `${p.id}:${r.revision}`, label: t.revisionOption(p.code, r.revision) })),
    ),
    failed: procedures.isError,
  };
}

/** What to trace and which lot, qualification or revision, checked with the contract's schema. */
export function RecallForm({ onPick }: { onPick: (recall: RecallTarget) => void }) {
  const { register, submit, watch, setValue, errors, message } = useServerForm({
    resolver: zodResolver(recallPick),
    defaultValues: EMPTY,
    order: ['kind', 'target'],
    texts: { fallback: t.loadFailed, network: t.network },
  });
  const kind = watch('kind') as RecallKind;
  const { options, failed } = useTargets(kind);
  const field = weldFields(register, errors, ERROR_ID);
  const kindField = field('kind');
  return (
    <Form noValidate onSubmit={submit((values) => onPick(values))} className="card card-body mb-4" aria-label={t.recallTitle}>
      {message && <Feedback id={ERROR_ID}>{message}</Feedback>}
      <WeldField
        id="recall-kind"
        label={t.kind}
        className="mb-3"
        {...kindField}
        onChange={(e) => {
          const changed = kindField.onChange(e);
          setValue('target', '');
          return changed;
        }}
      >
        {RECALL_KINDS.map((k) => (
          <option key={k} value={k}>
            {t.kindName[k]}
          </option>
        ))}
      </WeldField>
      <Form.Group className="mb-3" controlId="recall-target">
        <Form.Label>{t.target[kind]}</Form.Label>
        <Form.Select {...field('target')}>
          <option value="">{options ? t.choose : t.optionsLoading}</option>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
        {failed && <Form.Text className="text-danger">{t.optionsFailed}</Form.Text>}
      </Form.Group>
      <div>
        <Button type="submit">{t.search}</Button>
      </div>
    </Form>
  );
}
