import { type AuditEntry, auditMessages } from '@portal/contract/audit';
import { formatDateTime } from '@/lib/dates';
import { ScrollTable } from './scroll-table';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? auditMessages.nothing : String(v));

/** Audit rows, newest first: when, who, which record, what it did, and each changed field before and after. */
export function AuditTable({ items, tz, showRecord = true }: { items: AuditEntry[]; tz: string; showRecord?: boolean }) {
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
            <td>{e.actor_name ?? auditMessages.system}</td>
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
                    <span className="fw-semibold">{field}</span>: {show(c.before)} → {show(c.after)}
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
