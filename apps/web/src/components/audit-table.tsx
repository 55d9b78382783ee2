import { type AuditEntry, auditMessages, isMachineAction } from '@portal/contract/audit';
import { useMemo } from 'react';
import { type AuditNames, auditFieldLabel, auditValueText } from '@/lib/audit-text';
import { useAllArcos, useNaves } from '@/lib/catalog';
import { formatDateTime } from '@/lib/dates';
import { useMotivos } from '@/lib/motivos';
import { ScrollTable } from './scroll-table';

const USER_FIELDS = new Set(['user_id', 'ended_by']);
const byId = (list: { id: number; name: string }[] | undefined) => new Map((list ?? []).map((x) => [x.id, x.name]));

/**
 * Audit rows, newest first: when, who, which record, what it did, and each changed field before and
 * after, in Spanish: the fields' names, factory-local times, and names for the ids of motivos, arcos
 * and naves (from the catalogs the app loads) and of users (`users`, sent with the page).
 */
export function AuditTable({
  items,
  users,
  tz,
  showRecord = true,
}: {
  items: AuditEntry[];
  users: Record<string, string>;
  tz: string;
  showRecord?: boolean;
}) {
  const motivos = useMotivos().data;
  const arcos = useAllArcos().data;
  const naves = useNaves().data;
  const names = useMemo<AuditNames>(
    () => ({ tz, motivos: byId(motivos), arcos: byId(arcos), naves: byId(naves) }),
    [tz, motivos, arcos, naves],
  );
  const value = (field: string, v: unknown) =>
    USER_FIELDS.has(field) && typeof v === 'number' ? (users[String(v)] ?? `#${v}`) : auditValueText(field, v, names);
  return (
    <ScrollTable size="sm" className="small" label={auditMessages.table}>
      <thead>
        <tr>
          <th scope="col">{auditMessages.when}</th>
          <th scope="col">{auditMessages.who}</th>
          {showRecord && <th scope="col">{auditMessages.record}</th>}
          <th scope="col">{auditMessages.action}</th>
          <th scope="col">{auditMessages.changes}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((e) => (
          <tr key={e.id} data-testid="audit-row">
            <td className="text-nowrap">{formatDateTime(e.at, tz)}</td>
            <td>{isMachineAction(e.action) ? auditMessages.machine : (e.actor_name ?? auditMessages.system)}</td>
            {showRecord && (
              <td className="text-nowrap">
                {auditMessages.entities[e.entity]} #{e.entity_id}
              </td>
            )}
            <td>{auditMessages.actions[e.action]}</td>
            <td>
              <ul className="list-unstyled mb-0">
                {Object.entries(e.changes).map(([field, c]) => (
                  <li key={field}>
                    <span className="fw-semibold">{auditFieldLabel(field)}</span>
                    {/* A field recorded without its values (a password, a device key) is only named. */}
                    {c.before === null && c.after === null ? null : `: ${value(field, c.before)} → ${value(field, c.after)}`}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
