import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASS_TYPES,
  type PassType,
  type ProcedureCreateBody,
  procedureCreateBody,
  type Revision,
  revisionCreateBody,
  weldProcedureMessages as t,
  weldMessages,
} from '@portal/contract/welds';
import { useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { Resolver } from 'react-hook-form';
import type { BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { useProcedureWrite } from '../api/procedures';
import { SaveAndCancel, WeldField, WeldProcessOptions, weldFields } from './form-actions';

/** A number field left empty until typed (the schema then says what is missing). */
const BLANK = undefined as unknown as number;

const RANGE_FIELDS = [
  ['current_min', t.currentMin],
  ['current_max', t.currentMax],
  ['voltage_min', t.voltageMin],
  ['voltage_max', t.voltageMax],
  ['speed_min', t.speedMin],
  ['speed_max', t.speedMax],
  ['heat_input_min', t.heatMin],
  ['heat_input_max', t.heatMax],
  ['preheat_min_c', t.preheat],
  ['interpass_max_c', t.interpass],
] as const;

const blankPass = (pass_type: PassType) => ({
  pass_type,
  ...(Object.fromEntries(RANGE_FIELDS.map(([name]) => [name, BLANK])) as Record<(typeof RANGE_FIELDS)[number][0], number>),
});

/** The first message anywhere under a form error (the passes' ranges, by their place). */
function deepMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const found = deepMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * A new procedure with its first revision, or a procedure's next revision (filled from its latest):
 * the contract's schema checks the ranges of the pass types included and that the heat input is reachable.
 */
export function ProcedureForm({
  procedureId,
  from,
  today,
  onDone,
  onCancel,
}: {
  /** The procedure a new revision is for; none for a new procedure. */
  procedureId?: number;
  from?: Revision;
  today: string;
  onDone: (message: BannerMessage) => void;
  onCancel?: () => void;
}) {
  const save = useProcedureWrite();
  const revisionOf = procedureId !== undefined;
  const idPrefix = revisionOf ? `revision-${procedureId}` : 'procedure';
  const errorId = `${idPrefix}-error`;
  const [included, setIncluded] = useState<Set<PassType>>(() => new Set(from ? from.passes.map((p) => p.pass_type) : ['raiz']));
  const includedRef = useRef(included);
  includedRef.current = included;
  const empty: ProcedureCreateBody = {
    code: '',
    valid_from: today,
    process: from?.process ?? 121,
    material_group: from?.material_group ?? '',
    thickness_min_mm: from?.thickness_min_mm ?? BLANK,
    thickness_max_mm: from?.thickness_max_mm ?? BLANK,
    wire_classification: from?.wire_classification ?? '',
    flux_classification: from?.flux_classification ?? '',
    notes: from?.notes ?? '',
    passes: PASS_TYPES.map((type) => from?.passes.find((p) => p.pass_type === type) ?? blankPass(type)),
  };
  // Only the pass types included are sent and checked.
  const schemaResolver = zodResolver(revisionOf ? revisionCreateBody : procedureCreateBody) as unknown as Resolver<ProcedureCreateBody>;
  const resolver: Resolver<ProcedureCreateBody> = (values, context, options) =>
    schemaResolver({ ...values, passes: values.passes.filter((p) => includedRef.current.has(p.pass_type)) }, context, options);
  const { register, submit, reset, errors, message, fail } = useServerForm({
    resolver,
    defaultValues: empty,
    order: revisionOf
      ? ['valid_from', 'process', 'material_group', 'thickness_min_mm', 'thickness_max_mm', 'wire_classification', 'flux_classification']
      : [
          'code',
          'valid_from',
          'process',
          'material_group',
          'thickness_min_mm',
          'thickness_max_mm',
          'wire_classification',
          'flux_classification',
        ],
    texts: { fallback: t.saveFailed, network: t.network },
  });
  const shown =
    message ?? deepMessage(errors.passes) ?? deepMessage(errors.notes) ?? (errors as Record<string, { message?: string }>)['']?.message;
  const onSubmit = submit((values) => {
    const { code, ...revision } = values;
    const done = (res: { message: string }) => {
      if (!revisionOf) reset(empty);
      onDone({ variant: 'success', text: res.message });
    };
    if (revisionOf) save.mutate({ what: 'revision', id: procedureId, body: revision }, { onSuccess: done, onError: fail });
    else save.mutate({ what: 'create', body: { code, ...revision } }, { onSuccess: done, onError: fail });
  });
  const field = weldFields(register, errors, errorId);
  const text = (
    name: 'code' | 'material_group' | 'wire_classification' | 'flux_classification' | 'notes',
    label: string,
    cls = 'col-12 col-sm-6',
  ) => <WeldField id={`${idPrefix}-${name}`} label={label} className={`${cls} mb-2`} {...field(name)} />;
  const number = (name: 'thickness_min_mm' | 'thickness_max_mm', label: string) => (
    <WeldField id={`${idPrefix}-${name}`} label={label} className="col-6 mb-2" {...field(name, 'decimal')} />
  );
  const title = revisionOf ? t.addRevision : t.add;

  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-3" aria-label={title}>
      <h2 className="h6">{title}</h2>
      {shown && <Feedback id={errorId}>{shown}</Feedback>}
      <div className="row g-2">
        {!revisionOf && text('code', t.code)}
        <WeldField id={`${idPrefix}-valid-from`} label={t.validFrom} className="col-12 col-sm-6 mb-2" {...field('valid_from', 'date')} />
        <WeldField id={`${idPrefix}-process`} label={t.process} className="col-12 col-sm-6 mb-2" {...field('process', 'id')}>
          <WeldProcessOptions />
        </WeldField>
        {text('material_group', t.materialGroup)}
        {number('thickness_min_mm', t.thicknessMin)}
        {number('thickness_max_mm', t.thicknessMax)}
        {text('wire_classification', t.wire)}
        {text('flux_classification', t.flux)}
        {text('notes', t.notes, 'col-12')}
      </div>
      <fieldset className="mt-2">
        <legend className="h6">{t.passes}</legend>
        {PASS_TYPES.map((type, index) => (
          <div key={type} className="border rounded p-2 mb-2">
            <Form.Check
              id={`${idPrefix}-include-${type}`}
              label={t.includePass(weldMessages.passName[type])}
              checked={included.has(type)}
              onChange={(e) => {
                const next = new Set(included);
                if (e.target.checked) next.add(type);
                else next.delete(type);
                setIncluded(next);
              }}
            />
            {included.has(type) && (
              <fieldset className="row g-2 mt-3" aria-label={weldMessages.passName[type]}>
                {RANGE_FIELDS.map(([name, label]) => (
                  <Form.Group key={name} className="col-6 col-md-4" controlId={`${idPrefix}-${type}-${name}`}>
                    <Form.Label className="small">{label}</Form.Label>
                    <Form.Control
                      type="number"
                      step="any"
                      inputMode="decimal"
                      {...register(`passes.${index}.${name}`, { valueAsNumber: true })}
                    />
                  </Form.Group>
                ))}
              </fieldset>
            )}
          </div>
        ))}
      </fieldset>
      <div className="d-flex flex-wrap gap-2">
        <SaveAndCancel pending={save.isPending} save={t.save} saving={t.saving} cancel={t.cancel} onCancel={onCancel} />
      </div>
    </Form>
  );
}
