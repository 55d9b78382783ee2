import { decisionMessages as dm } from '@portal/contract/telemetry-decision';
import { weldInspectionMessages as t } from '@portal/contract/welds';
import { Link, useLocation } from 'react-router';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { formatDateTime, formatPlainDate } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useAwaitingDecision } from '../api/decision';

/**
 * 'Circulares fuera de procedimiento' (/dashboard/soldadura/decisiones, /admin/soldadura/decisiones):
 * the circulares marked out of procedure awaiting a decision, oldest first, each with its excursions,
 * and the way to its seam, where the decision is recorded (docs/decisions/092-seam-hold-in-the-weld-records.md).
 * The server lists only what the user may decide on: a nave's Calidad its nave's, administrators all.
 */
export default function AwaitingDecisionPage() {
  const search = useLocation().pathname.startsWith('/admin') ? '/admin/soldadura/inspeccion' : '/dashboard/soldadura';
  const list = useAwaitingDecision();
  const tz = useFactoryTz();
  const seams = list.data?.seams;
  return (
    <div style={{ maxWidth: 720 }}>
      <Link to={search} className="btn btn-outline-secondary btn-sm">
        {dm.back}
      </Link>
      <h1 className="h4 mt-2 mb-2">{dm.title}</h1>
      <p className="text-body-secondary">{dm.intro}</p>
      {list.isPending && <Loading text={dm.loading} />}
      {list.isError && <Feedback>{errorText(list.error, dm.loadFailed, dm.network)}</Feedback>}
      {seams && <p role="status">{seams.length === 0 ? dm.empty : dm.count(seams.length)}</p>}
      {seams && seams.length > 0 && (
        <ul className="list-unstyled" aria-label={dm.title}>
          {seams.map((s) => (
            <li key={s.tramo_id} className="card card-body mb-2" data-testid="awaiting-seam">
              <h2 className="h6 mb-1">{t.seamTitle(s.id_circular)}</h2>
              <p className="small text-body-secondary mb-1">
                {t.project} {s.id_proyecto} · {t.tramo} {s.id_tramo} · {formatPlainDate(s.circular_fecha)} ·{' '}
                {dm.where(s.arco_sumergido_name, s.nave)}
              </p>
              <p className="small mb-1">{dm.markedOn(formatDateTime(s.marked_at, tz))}</p>
              <ul className="small mb-2">
                {s.excursions.map((x) => (
                  <li key={`${x.pass_type}-${x.parameter}-${x.started_at}`}>{dm.excursionText(x)}</li>
                ))}
              </ul>
              <div>
                <Link to={`${search}/${s.tramo_id}`} className="btn btn-primary btn-sm" aria-label={dm.openLabel(s.id_circular)}>
                  {dm.open}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
