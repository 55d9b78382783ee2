import { type AndonCall, andonMessages } from '@portal/contract/andon';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import { useId } from 'react';
import Card from 'react-bootstrap/Card';
import { Banner } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { callProgress, useAndonCalls } from '@/lib/andon';
import { errorText } from '@/lib/api';
import { formatParadaClock } from '@/lib/clock';
import { formatTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useServerNow } from '@/lib/use-server-now';
import { useAnswer } from '../api/use-answer';
import { CallAnswer, callSince } from '../components/call-answers';

/**
 * 'Avisos' (/dashboard/avisos, and /admin/avisos in the admin area): the open calls of the naves where
 * the user is called, oldest first, each with its answer. The shell's alert bar keeps the list live.
 */
export default function AvisosPage() {
  const calls = useAndonCalls();
  const tz = useFactoryTz();
  // From 'Voy' to the same call's 'En el arco'; after 'En el arco' to the call's card, or to the heading
  // when the answer closed the call (a cord pulled without a parada: docs/decisions/043-andon.md).
  const { answer, banner, clear, busyId } = useAnswer((call, kind) =>
    kind === 'ack'
      ? document.querySelector<HTMLElement>(`main button[data-call-id="${call.id}"]`)
      : (document.querySelector<HTMLElement>(`main [data-testid="andon-call"][data-call-id="${call.id}"]`) ??
        document.querySelector<HTMLElement>('main h1')),
  );
  return (
    <div>
      <h1 className="h4 mb-3">{t.listTitle}</h1>
      <Banner message={banner} onClose={clear} autoHideMs={4000} successOnly />
      {calls.isPending ? (
        <Loading text={andonMessages.loading} />
      ) : calls.isError ? (
        <Feedback>{errorText(calls.error, andonMessages.loadFailed, andonMessages.loadFailed)}</Feedback>
      ) : calls.data.calls.length === 0 ? (
        <p className="text-muted">{andonMessages.noAvisos}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3 mb-0">
          {calls.data.calls.map((call) => (
            <li key={call.id}>
              <CallCard call={call} tz={tz} busy={busyId === call.id} onAnswer={answer} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CallCard({
  call,
  tz,
  busy,
  onAnswer,
}: {
  call: AndonCall;
  tz: string;
  busy: boolean;
  onAnswer: Parameters<typeof CallAnswer>[0]['onAnswer'];
}) {
  const now = useServerNow();
  const titleId = useId();
  const progress = callProgress(call);
  const tone = call.arrived_at ? 'success' : call.acknowledged_at ? 'warning' : 'danger';
  return (
    <Card
      as="article"
      tabIndex={-1}
      className={`border-2 border-${tone}`}
      aria-labelledby={titleId}
      data-testid="andon-call"
      data-call-id={call.id}
    >
      <Card.Body className="d-flex flex-wrap gap-3 align-items-center">
        <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <h2 id={titleId} className="h6 mb-1 text-break">
            {call.arco_sumergido_name} ({call.nave})
          </h2>
          <p className="mb-1">
            <strong>{andonMessages.levelName[call.level]}</strong> · {andonMessages.originName[call.origin]}
            {call.motivo_name ? ` · ${call.motivo_name}` : ''}
          </p>
          <p className="mb-0 small text-body-secondary">
            <time dateTime={call.created_at}>{formatTime(call.created_at, tz)}</time>
            {call.created_by_name ? ` · ${t.calledBy(call.created_by_name)}` : ''}
          </p>
          {/* Who answered is announced when it changes; the ticking clock is not. */}
          <p className="mb-0 small fw-semibold" aria-live="polite" data-testid="andon-progress">
            {progress ?? t.cordWaiting}
          </p>
        </div>
        <span role="timer" aria-label={t.runningTime} className="font-monospace fs-4 fw-semibold">
          {formatParadaClock(now - Date.parse(callSince(call)))}
        </span>
        <CallAnswer call={call} busy={busy} onAnswer={onAnswer} />
      </Card.Body>
    </Card>
  );
}
