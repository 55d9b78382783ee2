import { type Procedure, weldProcedureMessages as t, weldMessages } from '@portal/contract/welds';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { formatDateTime, formatPlainDate } from '@/lib/dates';
import { useFactoryToday, useFactoryTz } from '@/lib/factory';
import { useProcedureWrite } from '../api/procedures';
import { useProcedures } from '../api/seam';
import { ProcedureForm } from '../components/procedure-form';

/** One procedure: its revisions (newest first) with approval, a new revision from a date, and its retirement. */
function ProcedureCard({ p, today, onResult }: { p: Procedure; today: string; onResult: (message: BannerMessage) => void }) {
  const write = useProcedureWrite();
  const tz = useFactoryTz();
  const [open, setOpen] = useState<'revision' | 'retire' | null>(null);
  const [retireFrom, setRetireFrom] = useState(today);
  const latest = p.revisions.at(-1);
  const fail = (error: unknown) => onResult({ variant: 'danger', text: errorText(error, t.saveFailed, t.network) });
  const ok = (res: { message: string }) => {
    setOpen(null);
    onResult({ variant: 'success', text: res.message });
  };
  return (
    <section className="card card-body mb-3" aria-labelledby={`procedure-${p.id}`} data-testid="procedure">
      <h2 id={`procedure-${p.id}`} className="h5 mb-1">
        {p.code}
      </h2>
      {p.retired_from && <p className="text-danger-emphasis mb-1">{t.retiredFrom(formatPlainDate(p.retired_from))}</p>}
      <ul className="list-unstyled mb-2">
        {[...p.revisions].reverse().map((r) => (
          <li key={r.id} className="border-top py-2" data-testid="revision">
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <strong>{t.revisionN(r.revision)}</strong>
              <Badge bg={r.status === 'aprobada' ? 'success' : 'secondary'}>{weldMessages.revisionStatusName[r.status]}</Badge>
              <span>
                {t.validFrom} {formatPlainDate(r.valid_from)}
              </span>
              {r.approved_at && r.approved_by_name && (
                <span className="small text-body-secondary">{t.approvedBy(r.approved_by_name, formatDateTime(r.approved_at, tz))}</span>
              )}
            </div>
            <div className="small">
              {r.process} · {r.material_group} · {t.thickness(r.thickness_min_mm, r.thickness_max_mm)} · {r.wire_classification} /{' '}
              {r.flux_classification}
            </div>
            <div className="small text-body-secondary">
              {r.passes
                .map(
                  (pass) =>
                    `${weldMessages.passName[pass.pass_type]}: ${pass.current_min}–${pass.current_max} A, ${pass.voltage_min}–${pass.voltage_max} V, ${pass.speed_min}–${pass.speed_max} mm/min, ${pass.heat_input_min}–${pass.heat_input_max} kJ/mm, ${pass.preheat_min_c}–${pass.interpass_max_c} °C`,
                )
                .join(' · ')}
            </div>
            {r.status === 'borrador' && (
              <Button
                size="sm"
                className="mt-1"
                disabled={write.isPending}
                onClick={() => write.mutate({ what: 'approve', id: p.id, revision: r.revision }, { onSuccess: ok, onError: fail })}
              >
                {t.approve(r.revision)}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {!p.retired_from && (
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-primary" onClick={() => setOpen(open === 'revision' ? null : 'revision')}>
            {t.addRevision}
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => setOpen(open === 'retire' ? null : 'retire')}>
            {t.retire}
          </Button>
        </div>
      )}
      {open === 'revision' && (
        <div className="mt-2">
          <ProcedureForm
            procedureId={p.id}
            from={latest}
            today={today}
            onDone={(message) => {
              setOpen(null);
              onResult(message);
            }}
            onCancel={() => setOpen(null)}
          />
        </div>
      )}
      {open === 'retire' && (
        <Form
          noValidate
          className="d-flex flex-wrap gap-2 align-items-end mt-2"
          aria-label={`${t.retire} ${p.code}`}
          onSubmit={(e) => {
            e.preventDefault();
            write.mutate({ what: 'retire', id: p.id, retired_from: retireFrom }, { onSuccess: ok, onError: fail });
          }}
        >
          <Form.Group controlId={`retire-${p.id}`}>
            <Form.Label className="small mb-1">{t.retireFrom}</Form.Label>
            <Form.Control size="sm" type="date" value={retireFrom} onChange={(e) => setRetireFrom(e.target.value)} />
          </Form.Group>
          <Button size="sm" type="submit" variant="danger" disabled={write.isPending}>
            {t.confirmRetire}
          </Button>
        </Form>
      )}
    </section>
  );
}

/**
 * 'Procedimientos de soldeo (WPS)' (/admin/soldadura/procedimientos, /dashboard/soldadura/procedimientos):
 * the procedures with their revisions; create one, approve a draft, a new revision from a date, retire
 * (decision 066). Administrators and Calidad; the server refuses anyone else.
 */
export default function ProceduresPage() {
  const list = useProcedures();
  const today = useFactoryToday();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  return (
    <div style={{ maxWidth: 960 }}>
      <h1 className="h4 mb-3">{t.title}</h1>
      <p className="text-body-secondary">{t.help}</p>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      <ProcedureForm today={today} onDone={setBanner} />
      {list.isError && <Feedback>{errorText(list.error, t.loadFailed, t.network)}</Feedback>}
      {list.isPending && <Loading text={t.loading} />}
      {list.data?.length === 0 && <p>{t.empty}</p>}
      {list.data?.map((p) => (
        <ProcedureCard key={p.id} p={p} today={today} onResult={setBanner} />
      ))}
    </div>
  );
}
