import { decisionMessages as dm } from '@portal/contract/telemetry-decision';
import { type SeamState, weldInspectionMessages as t, weldMessages } from '@portal/contract/welds';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { PendingBadge } from '@/components/pending-badge';
import { errorText } from '@/lib/api';
import { formatPlainDate } from '@/lib/dates';
import { useFactoryToday } from '@/lib/factory';
import { useOfflineQueue } from '@/lib/offline-queue';
import { useCurrentUser } from '@/lib/token';
import { useQualifiedOperators } from '../api/qualifications';
import { useProcedures, useSeam, useWeldRolesMe } from '../api/seam';
import { InspectionForm } from '../components/inspection-form';
import { RepairForm } from '../components/repair-form';
import { SeamJudgement } from '../components/seam-judgement';
import { anyPending, type DefectView, type InspectionView, type Names, seamView } from '../components/seam-view';

const STATE_BG: Record<SeamState, string> = { pendiente: 'secondary', reparar: 'warning', aceptada: 'success' };

interface Actions {
  tramoId: number;
  canRecord: boolean;
  today: string;
  /** The one form open on the screen (a phone shows one at a time). */
  open: string | null;
  setOpen: (key: string | null) => void;
  done: (message: BannerMessage) => void;
}

function DefectItem({ defect, a }: { defect: DefectView; a: Actions }) {
  const { repair } = defect;
  const repairKey = `repair:${defect.key}`;
  const reinspectKey = `reinspect:${repair?.key}`;
  return (
    <li className="mb-2" data-testid="defect">
      <div>
        <strong>
          {defect.code} · {defect.name}
        </strong>
        , {t.defectSummary(defect.position_mm, defect.length_mm, defect.level)} {defect.pending && <PendingBadge />}
      </div>
      {repair ? (
        <div className="ms-2 mt-1" data-testid="repair">
          <div>
            {t.repair}: {t.repairBy(repair.procedure, repair.operator)}, {formatPlainDate(repair.repaired_on)}{' '}
            {repair.pending && <PendingBadge />}
            {repair.qualified === false && (
              <Badge bg="warning" text="dark" className="ms-1 text-wrap">
                {t.unqualified}
              </Badge>
            )}
          </div>
          {repair.reinspection ? (
            <InspectionCard inspection={repair.reinspection} title={t.reinspection} a={a} />
          ) : (
            <div className="mt-1">
              <span className="text-body-secondary me-2">{t.awaitingReinspection}</span>
              {a.canRecord && a.open !== reinspectKey && (
                <Button size="sm" variant="outline-primary" onClick={() => a.setOpen(reinspectKey)}>
                  {t.addReinspection}
                </Button>
              )}
              {a.canRecord && a.open === reinspectKey && (
                <InspectionForm
                  tramoId={a.tramoId}
                  what="reinspection"
                  target={repair.target}
                  idPrefix={`reinsp-${repair.key.replace(/\W/g, '')}`}
                  today={a.today}
                  onDone={a.done}
                  onCancel={() => a.setOpen(null)}
                />
              )}
            </div>
          )}
        </div>
      ) : (
        <div className="ms-2 mt-1">
          <span className="text-body-secondary me-2">{t.awaitingRepair}</span>
          {a.canRecord && a.open !== repairKey && (
            <Button size="sm" variant="outline-primary" onClick={() => a.setOpen(repairKey)}>
              {t.addRepair}
            </Button>
          )}
          {a.canRecord && a.open === repairKey && (
            <RepairForm
              tramoId={a.tramoId}
              target={defect.target}
              idPrefix={`repair-${defect.key.replace(/\W/g, '')}`}
              today={a.today}
              onDone={a.done}
              onCancel={() => a.setOpen(null)}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** One inspection (or re-inspection) with its defects, each with its repair and that repair's re-inspection. */
function InspectionCard({ inspection, title, a }: { inspection: InspectionView; title: string; a: Actions }) {
  return (
    <section className="card card-body my-2" aria-label={`${title} ${inspection.method}`} data-testid="inspection">
      <h3 className="h6 mb-1">
        {title} {inspection.method} · {weldMessages.methodName[inspection.method]}:{' '}
        <span className={inspection.result === 'aceptada' ? 'text-success' : 'text-danger'}>
          {weldMessages.resultName[inspection.result]}
        </span>{' '}
        {inspection.pending && <PendingBadge />}
      </h3>
      <p className="small text-body-secondary mb-1">
        {t.inspectionSummary(inspection.extent_percent, inspection.inspected_length_mm)} · {formatPlainDate(inspection.inspected_on)}
        {inspection.inspector_name ? ` · ${inspection.inspector_name}` : ''}
      </p>
      {inspection.defects.length > 0 && (
        <ul className="list-unstyled mb-0" aria-label={t.defects}>
          {inspection.defects.map((defect) => (
            <DefectItem key={defect.key} defect={defect} a={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A circular's seam for its inspector (/dashboard/soldadura/:id, /admin/soldadura/inspeccion/:id), on a
 * phone or a tablet: its trace and state (the server's), its inspections, defects, repairs and
 * re-inspections, and the forms to record them, which work offline (docs/decisions/077-weld-inspection-offline.md).
 * Only Calidad of the circular's nave and administrators see the forms; the server checks it anyway.
 */
export default function SeamInspectionPage() {
  const tramoId = Number(useParams().id);
  const user = useCurrentUser();
  const seam = useSeam(tramoId);
  const roles = useWeldRolesMe();
  const procedures = useProcedures();
  const operators = useQualifiedOperators();
  const today = useFactoryToday();
  const { items } = useOfflineQueue();
  const [open, setOpen] = useState<string | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);

  if (seam.isPending) return <Loading text={t.loading} />;
  if (seam.isError) {
    return (
      <div>
        <Link to=".." relative="path" className="btn btn-outline-secondary btn-sm">
          {t.back}
        </Link>
        <Feedback className="mt-3">{errorText(seam.error, t.loadFailed, t.network)}</Feedback>
      </div>
    );
  }
  const s = seam.data;
  const queue = items.filter((i) => i.state === 'pending' && i.userId === user?.id && i.kind.startsWith('weld-'));
  const names: Names = {
    procedure: (id) => procedures.data?.find((p) => p.id === id)?.code ?? `#${id}`,
    operator: (id) => operators.data?.find((o) => o.id === id)?.name ?? `#${id}`,
  };
  const view = seamView(s, queue, names);
  const waiting = anyPending(view);
  const canRecord = user?.role === 'admin' || (roles.data?.calidad.includes(s.nave) ?? false);
  // Inspected with every defect closed, and held for a decision on its weld parameters (decision 092).
  const heldInspected = s.held_for_decision && s.state === 'pendiente' && s.inspections.length > 0;
  const actions: Actions = {
    tramoId,
    canRecord,
    today,
    open,
    setOpen,
    done: (message) => {
      setOpen(null);
      setBanner(message);
    },
  };

  return (
    <div style={{ maxWidth: 720 }}>
      <Link to=".." relative="path" className="btn btn-outline-secondary btn-sm">
        {t.back}
      </Link>
      <h1 className="h4 mt-2 mb-2">{t.seamTitle(s.id_circular)}</h1>
      <dl className="row small mb-2 text-break">
        <dt className="col-5 col-sm-3">{t.project}</dt>
        <dd className="col-7 col-sm-9 mb-1">{s.id_proyecto}</dd>
        <dt className="col-5 col-sm-3">{t.tramo}</dt>
        <dd className="col-7 col-sm-9 mb-1">{s.id_tramo}</dd>
        <dt className="col-5 col-sm-3">{t.date}</dt>
        <dd className="col-7 col-sm-9 mb-1">{formatPlainDate(s.circular_fecha)}</dd>
        <dt className="col-5 col-sm-3">{t.arco}</dt>
        <dd className="col-7 col-sm-9 mb-1">
          {s.arco_sumergido_name} ({s.nave})
        </dd>
        <dt className="col-5 col-sm-3">{t.procedure}</dt>
        <dd className="col-7 col-sm-9 mb-1">
          {s.procedure_code} {t.revision(s.revision)}
        </dd>
        <dt className="col-5 col-sm-3">{t.operators}</dt>
        <dd className="col-7 col-sm-9 mb-1">
          {s.operators.map((o) => (
            <span key={`${o.user_id}-${o.name}`} className="me-2">
              {o.name}
              {!o.qualified && (
                <Badge bg="warning" text="dark" className="ms-1 text-wrap">
                  {t.unqualified}
                </Badge>
              )}
            </span>
          ))}
        </dd>
        <dt className="col-5 col-sm-3">{t.lots}</dt>
        <dd className="col-7 col-sm-9 mb-1">
          {s.lots.length === 0 ? t.noLots : s.lots.map((l) => `${weldMessages.lotKindName[l.kind]} ${l.lot_number}`).join(', ')}
        </dd>
      </dl>
      <p className="mb-2" data-testid="seam-state">
        {t.state}:{' '}
        {heldInspected ? (
          <Badge bg="warning" text="dark">
            {dm.heldState}
          </Badge>
        ) : (
          <Badge bg={STATE_BG[s.state]} text={s.state === 'reparar' ? 'dark' : undefined}>
            {weldMessages.seamStateName[s.state]}
          </Badge>
        )}
      </p>
      {waiting && <p className="small text-body-secondary">{t.statePending}</p>}
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={6000} successOnly />
      {!canRecord && roles.isSuccess && <p className="text-body-secondary">{t.readOnly}</p>}
      <SeamJudgement tramoId={tramoId} canDecide={canRecord} held={s.held_for_decision} />

      <h2 className="h5 mt-3">{t.inspections}</h2>
      {canRecord && open !== 'inspection' && (
        <Button className="mb-2" onClick={() => setOpen('inspection')}>
          {t.addInspection}
        </Button>
      )}
      {canRecord && open === 'inspection' && (
        <InspectionForm
          tramoId={tramoId}
          what="inspection"
          target={{ id: tramoId }}
          idPrefix="insp"
          today={today}
          onDone={actions.done}
          onCancel={() => setOpen(null)}
        />
      )}
      {view.length === 0 && <p>{t.noInspections}</p>}
      {view.map((inspection) => (
        <InspectionCard key={inspection.key} inspection={inspection} title={t.inspection} a={actions} />
      ))}
    </div>
  );
}
