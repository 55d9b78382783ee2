import type { TramoMessageResponse } from '@portal/contract/tramos';
import { type Lot, weldMessages as m, weldTerminalMessages as t } from '@portal/contract/welds';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { TerminalSelect } from '@/components/terminal-select';
import { type Outcome, submit, tapNow } from '@/lib/offline-queue';
import { decodeToken, getToken } from '@/lib/token';
import { useLots } from '../api/lots';
import { useProcedures } from '../api/seam';

/**
 * The terminal's consumable lots on a new circular (docs/decisions/078-terminal-lot-scan.md): a lot is
 * scanned into one field (a barcode scanner types the number and Enter) or picked from the arco's recent
 * lots in one tap; a blocked lot is refused with the server's own message. Once the circular is saved,
 * its weld record (the procedure, the acting worker, the lots) goes through the offline queue after it.
 */

export interface TerminalTrace {
  procedure_id: number | null;
  lot_ids: number[];
}

const RECENT_MAX = 6;
const recentKey = (arcoId: number) => `portal-weld-recent-lots:${arcoId}`;
const procedureKey = (arcoId: number) => `portal-weld-procedure:${arcoId}`;

function readIds(key: string): number[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

const lotLabel = (lot: Lot) => t.lotName(m.lotKindName[lot.kind], lot.lot_number);

/** The lots a scan names: every lot with that number (a wire and a flux lot may share one). */
export function lotsForScan(lots: readonly Lot[], scanned: string): { lots: Lot[] } | { error: string } {
  const number = scanned.trim();
  const found = lots.filter((lot) => lot.lot_number === number);
  if (found.length === 0) return { error: m.lotNotFound };
  const blocked = found.find((lot) => lot.blocked);
  if (blocked) return { error: m.lotBlocked(blocked.lot_number, blocked.blocked_reason ?? '') };
  return { lots: found };
}

/** The form's part: the procedure, the scan field, the arco's recent lots and the chosen ones. */
export function TerminalCircularExtra({ arcoId, onChange }: { arcoId: number; onChange: (value: TerminalTrace) => void }) {
  const lots = useLots();
  const procedures = useProcedures();
  const [procedureId, setProcedureId] = useState<number | null>(() => readIds(procedureKey(arcoId))[0] ?? null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [scan, setScan] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  useEffect(() => onChange({ procedure_id: procedureId, lot_ids: chosen }), [onChange, procedureId, chosen]);

  const all = lots.data ?? [];
  const byId = new Map(all.map((lot) => [lot.id, lot]));
  const recent = readIds(recentKey(arcoId))
    .map((id) => byId.get(id))
    .filter((lot): lot is Lot => lot !== undefined && !chosen.includes(lot.id));
  const usable = (procedures.data ?? []).filter((p) => p.retired_from === null && p.revisions.some((r) => r.status === 'aprobada'));

  const add = (found: Lot[]) => {
    const fresh = found.filter((lot) => !chosen.includes(lot.id));
    if (fresh.length === 0) return setMessage({ error: true, text: m.lotRepeated });
    setChosen([...chosen, ...fresh.map((lot) => lot.id)]);
    setMessage({ error: false, text: t.lotAdded(fresh.map((lot) => lot.lot_number).join(', ')) });
  };
  const pick = (lot: Lot) =>
    lot.blocked ? setMessage({ error: true, text: m.lotBlocked(lot.lot_number, lot.blocked_reason ?? '') }) : add([lot]);
  const onScanKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // The scanner's Enter records the lot; it must not submit the circular's form.
    e.preventDefault();
    if (!scan.trim()) return;
    const result = lotsForScan(all, scan);
    if ('error' in result) setMessage({ error: true, text: result.error });
    else add(result.lots);
    setScan('');
  };

  return (
    <fieldset className="border rounded p-2 mb-3">
      <legend className="h6 float-none w-auto px-1 mb-1">{t.title}</legend>
      <div className="mb-2">
        <TerminalSelect
          id="terminal-weld-procedure"
          label={t.procedure}
          value={String(procedureId ?? '')}
          onChange={(v) => setProcedureId(v ? Number(v) : null)}
          blank={t.noProcedure}
          options={usable.map((p) => [String(p.id), p.code] as const)}
        />
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor="terminal-weld-scan">
          {t.scan}
        </label>
        <input
          id="terminal-weld-scan"
          className="form-control form-control-lg"
          value={scan}
          autoComplete="off"
          // The terminal's badge reader leaves this field's scans to it (features/terminal/components/use-badge-reader.ts).
          data-scan-field
          aria-describedby="terminal-weld-scan-help"
          onChange={(e) => setScan(e.target.value)}
          onKeyDown={onScanKey}
        />
        <div id="terminal-weld-scan-help" className="form-text">
          {lots.isPending ? t.lotsLoading : t.scanHelp}
        </div>
      </div>
      {message &&
        (message.error ? (
          <Feedback>{message.text}</Feedback>
        ) : (
          <Feedback variant="success" className="py-2">
            {message.text}
          </Feedback>
        ))}
      {recent.length > 0 && (
        <div className="mb-2">
          <h3 className="h6">{t.recent}</h3>
          <div className="d-flex flex-wrap gap-2">
            {recent.map((lot) => (
              <button key={lot.id} type="button" className="btn btn-outline-primary terminal-target" onClick={() => pick(lot)}>
                {lotLabel(lot)}
              </button>
            ))}
          </div>
        </div>
      )}
      {chosen.length > 0 && (
        <div>
          <h3 className="h6">{t.chosen}</h3>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-1" data-testid="terminal-chosen-lots">
            {chosen.map((id) => {
              const lot = byId.get(id);
              if (!lot) return null;
              return (
                <li key={id} className="badge text-bg-light border d-flex align-items-center gap-2 fs-6">
                  {lotLabel(lot)}
                  <button
                    type="button"
                    className="btn-close"
                    aria-label={t.removeLot(lot.lot_number)}
                    onClick={() => setChosen(chosen.filter((c) => c !== id))}
                  />
                </li>
              );
            })}
          </ul>
          {procedureId === null && <p className="small text-danger-emphasis mb-0">{t.procedureNeeded}</p>}
        </div>
      )}
    </fieldset>
  );
}

/**
 * After the circular is saved (or queued): its weld record through the queue, after it, by the acting
 * worker; the lots become the arco's recent ones and the procedure the arco's default.
 */
export async function afterCircular(value: unknown, outcome: Outcome<TramoMessageResponse>, arcoId: number): Promise<void> {
  const trace = value as TerminalTrace | null;
  const operator = decodeToken(getToken())?.id;
  if (!trace || trace.procedure_id === null || operator === undefined) return;
  const recent = [...trace.lot_ids, ...readIds(recentKey(arcoId)).filter((id) => !trace.lot_ids.includes(id))].slice(0, RECENT_MAX);
  localStorage.setItem(recentKey(arcoId), JSON.stringify(recent));
  localStorage.setItem(procedureKey(arcoId), JSON.stringify([trace.procedure_id]));
  const json = { procedure_id: trace.procedure_id, operator_ids: [operator], lot_ids: trace.lot_ids };
  const base = { kind: 'weld-seam', method: 'PUT' as const, json, tappedAt: tapNow() };
  await submit(
    outcome.queued
      ? { ...base, path: '/api/welds/seams/:ref', after: { key: outcome.key, field: 'tramo.id' } }
      : { ...base, path: `/api/welds/seams/${outcome.data.tramo.id}` },
  ).catch(() => undefined);
}
