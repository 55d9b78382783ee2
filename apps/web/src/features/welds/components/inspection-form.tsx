import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCEPTANCE_LEVELS,
  DEFECT_CODES,
  DEFECT_TYPES,
  INSPECTION_METHODS,
  INSPECTION_RESULTS,
  type InspectionBody,
  inspectionBody,
  weldInspectionMessages as t,
  weldMessages,
} from '@portal/contract/welds';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { type SeamWriteFormProps, useWeldWrite } from '../api/inspect';
import { SaveAndCancel, WeldField, weldFields } from './form-actions';

const DEFECT_FIELDS = ['code', 'position_mm', 'length_mm', 'level'] as const;
/** A number field left empty until the inspector types it (the schema then says what is missing). */
const BLANK = undefined as unknown as number;

/** The first failed check of the defects, in their order and each one's field order. */
function defectError(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  for (const row of errors as (Record<string, { message?: string }> | undefined)[]) {
    for (const field of DEFECT_FIELDS) if (row?.[field]?.message) return row[field].message;
  }
  return undefined;
}

/**
 * An inspection of a seam, or the re-inspection of a repair: method, extent, inspected length, result and
 * the defects found (ISO 6520-1 type, position from the seam's start, length, ISO 5817 level), checked
 * with the contract's schema and sent through the offline queue (api/inspect.ts).
 */
export function InspectionForm({
  tramoId,
  what,
  target,
  idPrefix,
  today,
  onDone,
  onCancel,
}: SeamWriteFormProps & { what: 'inspection' | 'reinspection' }) {
  const save = useWeldWrite(tramoId);
  const title = what === 'inspection' ? t.addInspection : t.addReinspection;
  const errorId = `${idPrefix}-error`;
  const empty: InspectionBody = {
    method: 'VT',
    extent_percent: 100,
    inspected_length_mm: BLANK,
    result: 'aceptada',
    inspected_on: today,
    defects: [],
  };
  const { register, getValues, submit, reset, errors, message, fail, setValue } = useServerForm({
    resolver: zodResolver(inspectionBody),
    defaultValues: empty,
    order: ['method', 'extent_percent', 'inspected_length_mm', 'result', 'inspected_on', 'defects', ''],
    texts: { fallback: t.saveFailed, network: t.network },
  });
  // The defects' rows by count, not react-hook-form's useFieldArray: that hook would join the form
  // library's module in the login screen's chunk (scripts/check-bundle.mjs).
  const [rows, setRows] = useState(0);
  const setDefects = (list: InspectionBody['defects'] = []) => {
    setValue('defects', list);
    setRows(list.length);
    // A defect found means the seam is to be repaired (the contract's rule), so the result follows.
    setValue('result', list.length > 0 ? 'reparar' : 'aceptada');
  };
  const shown = defectError(errors.defects) ?? message;
  // Awaited, not mutate's callbacks: a queued re-inspection takes this form's place at once, and the
  // callbacks of an unmounted form never run.
  const onSubmit = submit((values) =>
    save.mutateAsync({ what, target, body: values }).then((outcome) => {
      reset(empty);
      setRows(0);
      onDone(
        outcome.queued
          ? { variant: 'info', text: what === 'inspection' ? t.queuedInspection : t.queuedReinspection }
          : { variant: 'success', text: outcome.data.message },
      );
    }, fail),
  );
  const field = weldFields(register, errors, errorId);

  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body mb-3" aria-label={title}>
      <h3 className="h6">{title}</h3>
      {shown && <Feedback id={errorId}>{shown}</Feedback>}
      <div className="row g-2">
        <WeldField id={`${idPrefix}-method`} label={t.method} className="col-12 col-sm-6 mb-2" {...field('method')}>
          {INSPECTION_METHODS.map((method) => (
            <option key={method} value={method}>
              {method} · {weldMessages.methodName[method]}
            </option>
          ))}
        </WeldField>
        <WeldField id={`${idPrefix}-result`} label={t.result} className="col-12 col-sm-6 mb-2" {...field('result')}>
          {INSPECTION_RESULTS.map((result) => (
            <option key={result} value={result}>
              {weldMessages.resultName[result]}
            </option>
          ))}
        </WeldField>
        <WeldField id={`${idPrefix}-extent`} label={t.extent} className="col-6 mb-2" {...field('extent_percent', 'number')} />
        <WeldField id={`${idPrefix}-length`} label={t.inspectedLength} className="col-6 mb-2" {...field('inspected_length_mm', 'number')} />
        <WeldField id={`${idPrefix}-date`} label={t.inspectedOn} className="col-12 col-sm-6 mb-2" {...field('inspected_on', 'date')} />
      </div>
      {Array.from({ length: rows }, (_, index) => {
        const id = `${idPrefix}-defect-${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; its values live in the form.
          <fieldset key={index} className="border rounded p-2 mb-2" data-testid="defect-fields">
            <legend className="h6 float-none w-auto px-1 mb-1">{t.defectN(index + 1)}</legend>
            <div className="row g-2">
              <WeldField id={`${id}-code`} label={t.defectType} className="col-12 mb-2" {...field(`defects.${index}.code`)}>
                {DEFECT_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code} · {DEFECT_TYPES[code]}
                  </option>
                ))}
              </WeldField>
              <WeldField
                id={`${id}-position`}
                label={t.position}
                className="col-6 mb-2"
                {...field(`defects.${index}.position_mm`, 'number')}
              />
              <WeldField
                id={`${id}-length`}
                label={t.defectLength}
                className="col-6 mb-2"
                {...field(`defects.${index}.length_mm`, 'number')}
              />
              <WeldField id={`${id}-level`} label={t.level} className="col-12 mb-2" {...field(`defects.${index}.level`)}>
                {ACCEPTANCE_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </WeldField>
            </div>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => setDefects((getValues('defects') ?? []).filter((_, i) => i !== index))}
            >
              {t.removeDefect(index + 1)}
            </Button>
          </fieldset>
        );
      })}
      <div className="d-flex flex-wrap gap-2 mt-1">
        <Button
          variant="outline-secondary"
          onClick={() =>
            setDefects([...(getValues('defects') ?? []), { code: DEFECT_CODES[0], position_mm: BLANK, length_mm: BLANK, level: 'C' }])
          }
        >
          {t.addDefect}
        </Button>
        <SaveAndCancel pending={save.isPending} save={t.saveInspection} saving={t.saving} cancel={t.cancel} onCancel={onCancel} />
      </div>
    </Form>
  );
}
