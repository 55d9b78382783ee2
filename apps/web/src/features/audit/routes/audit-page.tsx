import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity, auditMessages } from '@portal/contract/audit';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { AuditTable } from '@/components/audit-table';
import { Feedback } from '@/components/feedback';
import { ValueOptions } from '@/components/select-options';
import { errorText } from '@/lib/api';
import { useAudit } from '@/lib/audit';
import { useFactoryTz } from '@/lib/factory';

/** The history's two filters by kind: a record type or an action, by its name, or all of them (''). */
const FILTERS: Record<'entity' | 'action', { label: string; all: string; choices: readonly string[]; names: Record<string, string> }> = {
  entity: { label: auditMessages.entity, all: auditMessages.allEntities, choices: AUDIT_ENTITIES, names: auditMessages.entities },
  action: { label: auditMessages.action, all: auditMessages.allActions, choices: AUDIT_ACTIONS, names: auditMessages.actions },
};

function FilterSelect({ kind, value, onChange }: { kind: keyof typeof FILTERS; value: string; onChange: (value: string) => void }) {
  const { label, all, choices, names } = FILTERS[kind];
  return (
    <FilterCol id={`audit-${kind}`} label={label}>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        <ValueOptions values={choices} label={(x) => names[x]} />
      </Form.Select>
    </FilterCol>
  );
}

/** One filter of the history: its column, its small label and its control. */
function FilterCol({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Col>
      <Form.Group controlId={id}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        {children}
      </Form.Group>
    </Col>
  );
}

/** Admin 'Historial de cambios': every audit row, newest first, filtered and paged by 50. */
export default function AuditPage() {
  const tz = useFactoryTz();
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [recordId, setRecordId] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit({
    entity: entity || undefined,
    action: action || undefined,
    entity_id: /^\d+$/.test(recordId) ? Number(recordId) : undefined,
    startDate: startDate || undefined,
    endDate: endDate || undefined,
    page,
  });
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div>
      <h1 className="h4 mb-3">{auditMessages.title}</h1>
      <Row className="g-2 mb-3" xs={1} sm={2} lg={5}>
        <FilterSelect kind="entity" value={entity} onChange={(v) => filter(setEntity)(v as AuditEntity | '')} />
        <FilterSelect kind="action" value={action} onChange={(v) => filter(setAction)(v as AuditAction | '')} />
        <FilterCol id="audit-record" label={auditMessages.recordId}>
          <Form.Control inputMode="numeric" value={recordId} onChange={(e) => filter(setRecordId)(e.target.value.trim())} />
        </FilterCol>
        <FilterCol id="audit-from" label={auditMessages.from}>
          <Form.Control type="date" value={startDate} onChange={(e) => filter(setStartDate)(e.target.value)} />
        </FilterCol>
        <FilterCol id="audit-to" label={auditMessages.to}>
          <Form.Control type="date" value={endDate} onChange={(e) => filter(setEndDate)(e.target.value)} />
        </FilterCol>
      </Row>
      {audit.isPending && <p className="text-muted">{auditMessages.loading}</p>}
      {audit.isError && <Feedback>{errorText(audit.error, auditMessages.loadFailed, auditMessages.loadFailed)}</Feedback>}
      {data && data.items.length === 0 && <p className="text-muted">{auditMessages.empty}</p>}
      {data && data.items.length > 0 && (
        <>
          <p className="small text-muted">{auditMessages.total(data.total)}</p>
          <AuditTable items={data.items} users={data.users} tz={tz} />
          <nav className="d-flex align-items-center gap-2" aria-label={auditMessages.title}>
            <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {auditMessages.previous}
            </Button>
            <span className="small">{auditMessages.page(page, pages)}</span>
            <Button size="sm" variant="outline-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {auditMessages.next}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
