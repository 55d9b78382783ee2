import { decisionMessages } from '@portal/contract/telemetry-decision';
import type { TramoSearchQuery } from '@portal/contract/tramos';
import { weldInspectionMessages as t, weldProcedureMessages } from '@portal/contract/welds';
import { weldFiguresMessages } from '@portal/contract/welds-figures';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation } from 'react-router';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { formatPlainDate } from '@/lib/dates';
import { useCircularSearch } from '../api/seam';

const FIELDS = [
  ['id_proyecto', t.idProyecto],
  ['id_tramo', t.idTramo],
  ['id_circular', t.idCircular],
] as const;

/**
 * 'Inspección de soldadura' (/dashboard/soldadura, /admin/soldadura/inspeccion): the inspector finds the
 * circular by its ids and opens its seam (docs/decisions/077-weld-inspection-offline.md).
 */
export default function InspectionSearchPage() {
  const [draft, setDraft] = useState<Record<string, string>>({ id_proyecto: '', id_tramo: '', id_circular: '' });
  const [query, setQuery] = useState<TramoSearchQuery | null>(null);
  // The recalls and figures (decision 087) sit beside this screen in either area.
  const area = useLocation().pathname.startsWith('/admin') ? '/admin/soldadura' : '/dashboard/soldadura';
  const results = useCircularSearch(query);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])));
  };
  return (
    <div style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-2">{t.searchTitle}</h1>
      <p className="text-body-secondary">{t.searchHelp}</p>
      <p>
        <Link to="procedimientos" className="btn btn-outline-secondary btn-sm">
          {weldProcedureMessages.title}
        </Link>{' '}
        <Link to={`${area}/trazabilidad`} className="btn btn-outline-secondary btn-sm">
          {weldFiguresMessages.recallTitle}
        </Link>{' '}
        <Link to={`${area}/indicadores`} className="btn btn-outline-secondary btn-sm">
          {weldFiguresMessages.figuresTitle}
        </Link>
        <Link to={`${area}/decisiones`} className="btn btn-outline-secondary btn-sm">
          {decisionMessages.navLabel}
        </Link>
      </p>
      <Form noValidate onSubmit={onSubmit} role="search" aria-label={t.searchTitle} className="card card-body mb-3">
        <div className="row g-2">
          {FIELDS.map(([name, label]) => (
            <Form.Group key={name} className="col-12 col-sm-4" controlId={`seam-search-${name}`}>
              <Form.Label>{label}</Form.Label>
              <Form.Control value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
            </Form.Group>
          ))}
        </div>
        <div className="mt-2">
          <Button type="submit" disabled={results.isFetching}>
            {results.isFetching ? t.searching : t.search}
          </Button>
        </div>
      </Form>
      {results.isError && <Feedback>{errorText(results.error, t.searchFailed, t.network)}</Feedback>}
      {results.data && results.data.length === 0 && <p role="status">{t.noResults}</p>}
      {results.data && results.data.length > 0 && (
        <ul className="list-group" aria-label={t.searchTitle}>
          {results.data.map((c) => (
            <li key={c.id} className="list-group-item">
              <Link to={String(c.id)} className="fw-semibold">
                {t.seamTitle(c.id_circular)}
              </Link>
              <div className="small text-body-secondary">
                {t.project} {c.id_proyecto} · {t.tramo} {c.id_tramo} · {formatPlainDate(c.circular_fecha)} · {c.arco_sumergido_name}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
