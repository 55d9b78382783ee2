import { type AuditEntity, auditMessages } from '@portal/contract/audit';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useAudit } from '@/lib/audit';
import { useFactoryTz } from '@/lib/factory';
import { AuditTable } from './audit-table';

/** A record's own history, for an admin edit dialog: loaded when opened. */
export function RecordHistory({ entity, id }: { entity: AuditEntity; id: number }) {
  const tz = useFactoryTz();
  const [open, setOpen] = useState(false);
  const history = useAudit({ entity, entity_id: id }, open);
  return (
    <section aria-label={auditMessages.recordTitle} className="mt-3">
      <Button variant="link" size="sm" className="p-0" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {auditMessages.recordTitle}
      </Button>
      {open && history.isPending && <p className="text-muted small">{auditMessages.loading}</p>}
      {open &&
        history.data &&
        (history.data.items.length ? (
          <AuditTable items={history.data.items} users={history.data.users} tz={tz} showRecord={false} />
        ) : (
          <p className="small text-muted">{auditMessages.empty}</p>
        ))}
    </section>
  );
}
