import { type AuditEntry, auditMessages, isMachineAction } from '@portal/contract/audit';
import { WEEKDAY_NAMES } from '@portal/contract/downtime';
import { countOf, minutesText } from '@portal/contract/format';
import { handoverMessages } from '@portal/contract/handovers';
import { roleName } from '@portal/contract/users';
import { formatDateTime, formatPlainDate } from './dates';

/** The catalogs the history names ids with: id → name. */
export interface AuditNames {
  tz: string;
  motivos: ReadonlyMap<number, string>;
  arcos: ReadonlyMap<number, string>;
  naves: ReadonlyMap<number, string>;
  /** The accounts the page names (`users` of GET /api/admin/audit), by id as text. */
  users?: Readonly<Record<string, string>>;
}

const DATES = new Set(['date', 'circular_fecha', 'effective_from', 'shift_date']);
const BY_ID: Record<string, 'motivos' | 'arcos' | 'naves'> = { motivo_id: 'motivos', arco_sumergido_id: 'arcos', nave_id: 'naves' };
/** Fields whose values are account ids (the server names them: apps/api/src/modules/audit/service.ts). */
const USER_FIELDS = new Set(['user_id', 'ended_by', 'confirmed_by', 'author_id', 'created_by']);
/** A stored instant: '2026-11-27T22:19:16.554Z'. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const decimal = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A changed field's name as the history shows it: 'Fin' for end_time. */
export const auditFieldLabel = (field: string) => auditMessages.fields[field] ?? field;

/** A duration in seconds: under a minute in seconds ('40 segundos'), else in whole minutes. */
export const durationText = (seconds: number) =>
  seconds < 60 ? countOf(Math.round(seconds), 'segundo', 'segundos') : minutesText(Math.round(seconds / 60));

/** A handover's shift figures (docs/decisions/042-shift-handover.md) as a sentence, not its stored JSON. */
function summaryText(summary: Record<string, unknown>, names: AuditNames): string {
  const parts = [
    `${handoverMessages.stops}: ${summary.stops ?? 0}`,
    `${handoverMessages.stoppedMinutes}: ${summary.stopped_minutes ?? 0}`,
    `${handoverMessages.microStops}: ${summary.micro_stops ?? 0}`,
    `${handoverMessages.plannedMinutes}: ${summary.planned_minutes ?? 0}`,
  ];
  const open = Array.isArray(summary.open_paradas) ? summary.open_paradas.filter(isObject) : [];
  parts.push(
    open.length === 0
      ? handoverMessages.noOpenParadas
      : `${handoverMessages.openParadas}: ${open
          .map((p) =>
            [typeof p.start_time === 'string' ? formatDateTime(p.start_time, names.tz) : '', p.motivo_name, p.user_name]
              .filter(Boolean)
              .join(', '),
          )
          .join('; ')}`,
  );
  return parts.join(' · ');
}

/**
 * A recorded value as the history shows it: instants in the factory's time ('25/11/2026 18:45'),
 * plain dates as '25/11/2026', durations counted (under a minute in seconds), ids of motivos, arcos,
 * naves and accounts by their names ('#4' when no longer known), weekdays and breaks by name and time,
 * booleans as 'Sí'/'No', numbers with a decimal comma, a recorded object (a handover's figures) as
 * text: never JSON nor a field's internal name (docs/decisions/034-history-in-spanish.md).
 */
export function auditValueText(field: string, value: unknown, names: AuditNames): string {
  if (value === null || value === undefined || value === '') return auditMessages.nothing;
  if (USER_FIELDS.has(field) && typeof value === 'number') return names.users?.[String(value)] ?? `#${value}`;
  const catalog = BY_ID[field];
  if (catalog && typeof value === 'number') return names[catalog].get(value) ?? `#${value}`;
  if (field === 'duration_minutes' && typeof value === 'number') return minutesText(value);
  if (field === 'duration_seconds' && typeof value === 'number') return durationText(value);
  if (field === 'role' && typeof value === 'string') return roleName(value);
  if (field === 'weekdays' && Array.isArray(value))
    return value.map((d) => (typeof d === 'number' ? (WEEKDAY_NAMES[d - 1] ?? String(d)) : String(d))).join(', ');
  if (field === 'immediate_motivos' && typeof value === 'string')
    return value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
      .map((id) => names.motivos.get(Number(id)) ?? `#${id}`)
      .join(', ');
  if (typeof value === 'string') {
    if (DATES.has(field) && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatPlainDate(value);
    if (INSTANT.test(value)) return formatDateTime(value, names.tz);
    // An object recorded as its JSON text (a handover's figures).
    if (value.startsWith('{') || value.startsWith('[')) {
      try {
        return auditValueText(field, JSON.parse(value), names);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (typeof value === 'boolean' || (field === 'active' && (value === 0 || value === 1)))
    return value ? auditMessages.yes : auditMessages.no;
  if (typeof value === 'number') return decimal(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return auditMessages.nothing;
    return value
      .map((v) =>
        isObject(v) && typeof v.start === 'string' && typeof v.end === 'string'
          ? `${v.start}–${v.end}`
          : typeof v === 'number'
            ? decimal(v)
            : auditValueText(field, v, names),
      )
      .join(' · ');
  }
  if (isObject(value)) {
    if (field === 'summary') return summaryText(value, names);
    return Object.entries(value)
      .map(([key, v]) => `${auditFieldLabel(key)}: ${auditValueText(key, v, names)}`)
      .join(' · ');
  }
  return String(value);
}

/**
 * The changes a row shows, in order: a duration in seconds stands for the one in minutes recorded
 * beside it (a 40-second stop reads '40 segundos', not '0 minutos').
 */
export function auditChanges(entry: Pick<AuditEntry, 'changes'>): [string, { before: unknown; after: unknown }][] {
  const entries = Object.entries(entry.changes);
  if (!('duration_seconds' in entry.changes)) return entries;
  return entries.filter(([field]) => field !== 'duration_minutes');
}

/** Who did it: the account's name, the machine or the system, and 'desde el terminal «…»' for a tablet's act. */
export function auditActorText(entry: Pick<AuditEntry, 'action' | 'actor_name' | 'terminal_name'>): string {
  const who = isMachineAction(entry.action) ? auditMessages.machine : (entry.actor_name ?? auditMessages.system);
  return entry.terminal_name ? `${who} ${auditMessages.fromTerminal(entry.terminal_name)}` : who;
}

/**
 * The record a row is about, by name where one is known: 'Usuario: Ana García', 'Arco sumergido: Arco 2',
 * 'Turno: Noche' (the name the row recorded), else its number ('Parada Kaiser #12').
 */
export function auditRecordText(entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'changes'>, names: AuditNames): string {
  const kind = auditMessages.entities[entry.entity];
  const id = entry.entity_id;
  const known =
    entry.entity === 'user'
      ? names.users?.[String(id)]
      : entry.entity === 'arco'
        ? names.arcos.get(id)
        : entry.entity === 'nave'
          ? names.naves.get(id)
          : entry.entity === 'motivo'
            ? names.motivos.get(id)
            : undefined;
  const recorded = entry.changes.name?.after ?? entry.changes.name?.before;
  const name = known ?? (typeof recorded === 'string' && recorded ? recorded : undefined);
  return name ? `${kind}: ${name}` : `${kind} #${id}`;
}
