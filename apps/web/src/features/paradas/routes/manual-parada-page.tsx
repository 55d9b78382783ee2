import { zodResolver } from '@hookform/resolvers/zod';
import { offlineMessages } from '@portal/contract/offline-messages';
import { type ParadaTimesForm, paradaMessages, paradaTimesForm, shiftInstants } from '@portal/contract/paradas';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import { factoryDate, factoryTime } from '@portal/contract/time';
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Banner, type BannerMessage } from '@/components/banner';
import { errorText } from '@/lib/api';
import { formatPlainDate } from '@/lib/dates';
import { useFactoryToday, useFactoryTz } from '@/lib/factory';
import { firstError } from '@/lib/first-error';
import { dismiss, type ManualParadaDraft } from '@/lib/offline-queue';
import { useCurrentUser } from '@/lib/token';
import { useCreateManualParada } from '../api/create-manual-parada';
import { ParadaFields } from '../components/parada-fields';

const REDIRECT_MS = 2000;

/** The form filled from a queued parada the server refused as too old (lib/offline-queue.ts). */
function draftValues(draft: ManualParadaDraft | undefined, tz: string, today: string): ParadaTimesForm {
  const at = (iso: string | undefined) => (iso ? factoryTime(iso, tz) : '');
  return {
    start: at(draft?.start_time),
    end: at(draft?.end_time),
    description: draft?.description ?? '',
    date: draft?.start_time ? factoryDate(draft.start_time, tz) : today,
    motivo_id: draft?.motivo_id ? String(draft.motivo_id) : '',
  };
}

/**
 * /dashboard/add-manual-parada: a parada registered after the fact, at the session's arco, on a date
 * (today unless changed; an end before the start is on the next day, as on a night shift). Opened from
 * a queued parada refused as too old, it comes filled in, and saving it forgets that queued write.
 */
export default function ManualParadaPage() {
  const user = useCurrentUser();
  const tz = useFactoryTz();
  const today = useFactoryToday();
  const navigate = useNavigate();
  const draft = (useLocation().state as { draft?: ManualParadaDraft } | null)?.draft;
  const create = useCreateManualParada();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  // Stable, so the 3 s auto-hide timer is not restarted by every render (the clock ticks each second).
  const closeBanner = useCallback(() => setBanner(null), []);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ParadaTimesForm>({
    resolver: zodResolver(paradaTimesForm),
    defaultValues: draftValues(draft, tz, today),
  });
  const [start, end, date] = watch(['start', 'end', 'date']);

  useEffect(() => {
    if (!saved) return;
    const id = setTimeout(() => navigate('/dashboard/paradas-kaiser'), REDIRECT_MS);
    return () => clearTimeout(id);
  }, [saved, navigate]);

  const onSubmit = handleSubmit((values) => {
    const { start_time, end_time } = shiftInstants(values.date || today, values.start, values.end, tz);
    if (Date.parse(start_time) >= Date.parse(end_time)) {
      setBanner({ variant: 'danger', text: paradaMessages.startBeforeEnd });
      return;
    }
    setBanner(null);
    create.mutate(
      {
        start_time,
        end_time,
        description: values.description,
        arco_sumergido_id: user?.arco_sumergido_id ?? null,
        motivo_id: values.motivo_id ? Number(values.motivo_id) : null,
      },
      {
        onSuccess: (res) => {
          for (const key of draft?.keys ?? []) void dismiss(key);
          reset({ start: '', end: '', description: '', date: today, motivo_id: '' });
          setBanner(
            res.queued ? { variant: 'info', text: offlineMessages.offlineHint } : { variant: 'success', text: paradaMessages.manualSaved },
          );
          setSaved(true);
        },
        onError: (e) => setBanner({ variant: 'danger', text: errorText(e, paradaMessages.manualFallback, paradaMessages.manualNetwork) }),
      },
    );
  });

  const validation = firstError(errors, ['start', 'end', 'description']);

  return (
    <div className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h4 mb-3">{paradaScreenTexts.manualTitle}</h1>
      <Card>
        <Card.Body>
          <Banner message={validation ? { variant: 'danger', text: validation } : banner} onClose={closeBanner} />
          <p className="text-muted small">
            {paradaScreenTexts.manualDate} {formatPlainDate(date || today)}
            {user?.arco_sumergido_name ? ` · ${user.arco_sumergido_name}` : ''}
          </p>
          <Form noValidate onSubmit={onSubmit}>
            <ParadaFields
              idPrefix="manual"
              register={register}
              errors={errors}
              nextDay={Boolean(start && end && shiftInstants(date || today, start, end, tz).nextDay)}
            />
            <div className="d-grid gap-2">
              <Button type="submit" disabled={create.isPending || saved}>
                {create.isPending ? paradaScreenTexts.saving : paradaScreenTexts.saveManual}
              </Button>
              <Link to="/dashboard/paradas-kaiser" className="btn btn-outline-secondary">
                {paradaScreenTexts.backToStops}
              </Link>
            </div>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}
