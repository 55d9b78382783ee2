import { type AuditEntry, auditMessages } from '@portal/contract/audit';
import { useMemo } from 'react';
import { type AuditNames, auditActorText, auditChanges, auditFieldLabel, auditRecordText, auditValueText } from '@/lib/audit-text';
import { useAllArcos, useNaves } from '@/lib/catalog';
import { formatDateTime } from '@/lib/dates';
import { useMotivos } from '@/lib/motivos';
import { ScrollTable } from './scroll-table';

const byId = (list: { id: number; name: string }[] | undefined) => new Map((list ?? []).map((x) => [x.id, x.name]));

/**
 * Audit rows, newest first: when, who, which record, what it did, and each changed field before and
 * after, in Spanish: the fields' names, factory-local times, and names for the ids of motivos, arcos
 * and naves (from the catalogs the app loads) and of users (`users`, sent with the page); an act made
 * at a station terminal says so ('desde el terminal «…»', `lib/audit-text.ts`).
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
    () => ({ tz, motivos: byId(motivos), arcos: byId(arcos), naves: byId(naves), users }),
    [tz, motivos, arcos, naves, users],
  );
  const value = (field: string, v: unknown) => auditValueText(field, v, names);
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
            <td>{auditActorText(e)}</td>
            {showRecord && <td>{auditRecordText(e, names)}</td>}
            <td>{auditMessages.actions[e.action]}</td>
            <td>
              <ul className="list-unstyled mb-0">
                {auditChanges(e).map(([field, c]) => (
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
