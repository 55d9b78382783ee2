import type { AndonCall } from '@portal/contract/andon';
import { andonMessages } from '@portal/contract/andon-messages';
import Button from 'react-bootstrap/Button';
import type { AndonAnswer } from '../api/answer-call';

/** What the person called does next: 'Voy' until someone answers it, then 'En el arco' until someone arrives. */
export const nextAnswer = (call: AndonCall): AndonAnswer | null =>
  call.acknowledged_at === null ? 'ack' : call.arrived_at === null ? 'arrive' : null;

/** The one answer button of a call (48 px: the worker's touch target), or nothing once someone is at the arco. */
export function CallAnswer({
  call,
  busy,
  onAnswer,
  size,
}: {
  call: AndonCall;
  busy: boolean;
  onAnswer: (call: AndonCall, answer: AndonAnswer) => void;
  size?: 'sm';
}) {
  const answer = nextAnswer(call);
  if (!answer) return null;
  const label = answer === 'ack' ? andonMessages.voy : andonMessages.enElArco;
  return (
    <Button
      variant={answer === 'ack' ? 'danger' : 'primary'}
      size={size}
      style={{ minHeight: 48, minWidth: 96 }}
      disabled={busy}
      data-answer={answer}
      data-call-id={call.id}
      aria-label={`${label}: ${call.arco_sumergido_name}`}
      onClick={() => onAnswer(call, answer)}
    >
      {label}
    </Button>
  );
}

/** 'Arco 3 (Nave 1) · Mantenimiento · Avería eléctrica'. */
export const callSummary = (call: AndonCall) =>
  [`${call.arco_sumergido_name} (${call.nave})`, andonMessages.levelName[call.level], call.motivo_name].filter(Boolean).join(' · ');

/** The call's running time: since its parada started, or since the cord was pulled without one. */
export const callSince = (call: AndonCall) => call.parada_start_time ?? call.created_at;
