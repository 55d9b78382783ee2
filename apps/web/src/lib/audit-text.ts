import { auditMessages } from '@portal/contract/audit';
import { minutesText } from '@portal/contract/format';
import { roleName } from '@portal/contract/users';
import { formatDateTime, formatPlainDate } from './dates';

/** The catalogs the history names ids with: id → name. */
export interface AuditNames {
  tz: string;
  motivos: ReadonlyMap<number, string>;
  arcos: ReadonlyMap<number, string>;
  naves: ReadonlyMap<number, string>;
}

const INSTANTS = new Set(['start_time', 'end_time']);
const DATES = new Set(['date', 'circular_fecha']);
const BY_ID: Record<string, keyof Omit<AuditNames, 'tz'>> = { motivo_id: 'motivos', arco_sumergido_id: 'arcos', nave_id: 'naves' };

const decimal = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/** A changed field's name as the history shows it: 'Fin' for end_time. */
export const auditFieldLabel = (field: string) => auditMessages.fields[field] ?? field;

/**
 * A recorded value as the history shows it: instants in the factory's time ('25/11/2026 18:45'),
 * plain dates as '25/11/2026', minutes counted, ids of motivos, arcos and naves by their names
 * ('#4' when the catalog no longer has it), booleans as 'Sí'/'No', numbers with a decimal comma.
 */
export function auditValueText(field: string, value: unknown, names: AuditNames): string {
  if (value === null || value === undefined || value === '') return auditMessages.nothing;
  if (INSTANTS.has(field) && typeof value === 'string') return formatDateTime(value, names.tz);
  if (DATES.has(field) && typeof value === 'string') return formatPlainDate(value);
  if (field === 'duration_minutes' && typeof value === 'number') return minutesText(value);
  const catalog = BY_ID[field];
  if (catalog && typeof value === 'number') return names[catalog].get(value) ?? `#${value}`;
  if (field === 'role' && typeof value === 'string') return roleName(value);
  if (typeof value === 'boolean' || (field === 'active' && (value === 0 || value === 1)))
    return value ? auditMessages.yes : auditMessages.no;
  if (typeof value === 'number') return decimal(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? decimal(v) : String(v))).join(' · ');
  return String(value);
}
