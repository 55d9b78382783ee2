import { decisionMessages as dm } from '@portal/contract/telemetry-decision';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useSeamJudgement } from '../api/decision';
import { DecisionForm } from './decision-form';

/**
 * The seam's weld parameters judged against its procedure: within it, or out of it with each excursion
 * (parameter, side, limit, furthest value, where and how long) and the decision recorded on it (who,
 * when, why); Calidad of its nave and administrators record or change the decision here
 * (docs/decisions/092-seam-hold-in-the-weld-records.md).
 */
export function SeamJudgement({ tramoId, canDecide, held }: { tramoId: number; canDecide: boolean; held: boolean }) {
  const judgement = useSeamJudgement(tramoId);
  const tz = useFactoryTz();
  const [open, setOpen] = useState(false);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  if (judgement.isPending) return null;
  if (judgement.isError) return <Feedback className="mt-3">{errorText(judgement.error, dm.judgementLoadFailed, dm.network)}</Feedback>;
  const j = judgement.data;
  const out = j.judgement === 'fuera_de_procedimiento';
  const excursions = j.runs.flatMap((r) =>
    r.excursions.map((x) => ({ ...x, pass_type: r.pass_type, key: `${r.id}-${x.parameter}-${x.started_at}` })),
  );
  return (
    <section className="mt-3" aria-labelledby="seam-judgement-title" data-testid="seam-judgement">
      <h2 id="seam-judgement-title" className="h5">
        {dm.judgementTitle}
      </h2>
      {!out && j.runs.length === 0 ? (
        <p>{dm.noTelemetry}</p>
      ) : (
        <p className="mb-2">
          <Badge bg={out ? 'danger' : 'success'}>{out ? dm.outOfProcedure : dm.conforme}</Badge>
        </p>
      )}
      {excursions.length > 0 && (
        <>
          <h3 className="h6">{dm.excursions}</h3>
          <ul className="mb-2">
            {excursions.map((x) => (
              <li key={x.key}>{dm.excursionText(x)}</li>
            ))}
          </ul>
        </>
      )}
      {out &&
        (j.decision ? (
          <dl className="row small mb-2" data-testid="seam-decision">
            <dt className="col-5 col-sm-3">{dm.decision}</dt>
            <dd className="col-7 col-sm-9 mb-1">
              <strong>{dm.decisionName[j.decision]}</strong> · {dm.decidedBy(j.decided_by ?? '', formatDateTime(j.decided_at, tz))}
            </dd>
            <dt className="col-5 col-sm-3">{dm.reason}</dt>
            <dd className="col-7 col-sm-9 mb-1">{j.decision_reason}</dd>
          </dl>
        ) : (
          <p className="mb-2">
            {dm.decision}: <strong>{dm.awaitingDecision}</strong>
          </p>
        ))}
      {held && <p className="small text-body-secondary">{dm.held}</p>}
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={6000} successOnly />
      {out && canDecide && !open && <Button onClick={() => setOpen(true)}>{j.decision ? dm.changeTitle : dm.formTitle}</Button>}
      {out && canDecide && open && (
        <DecisionForm
          tramoId={tramoId}
          title={j.decision ? dm.changeTitle : dm.formTitle}
          onDone={(message) => {
            setOpen(false);
            setBanner(message);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
      {out && !canDecide && !j.decision && <p className="small text-body-secondary">{dm.readOnly}</p>}
    </section>
  );
}
