import { zodResolver } from '@hookform/resolvers/zod';
import { type ArcoHandovers, type HandoverBody, handoverBody, handoverMessages as m } from '@portal/contract/handovers';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useEffect, useId, useRef, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { errorText } from '@/lib/api';
import { formatPlainDate, formatTime } from '@/lib/dates';
import type { LiveStream } from '@/lib/events';
import { fieldError } from '@/lib/field-error';
import { useConfirmHandover } from '../api/confirm-handover';
import { useArcoHandovers } from '../api/get-arco-handovers';
import { useSaveHandover } from '../api/save-handover';
import { HandoverCard, HandoverFigures } from './handover-card';

interface Actor {
  id: number;
  name: string;
}

/**
 * The shift handover at the station terminal, for the worker who acts
 * (docs/decisions/050-terminal-offline-and-handover.md): the row of who acts with 'Escribir relevo'
 * (this shift's note to write or edit, its author only, with the figures it will carry), then the
 * previous shift's note to read once that shift has ended (docs/decisions/059-handover-for-the-next-shift.md),
 * confirmed 'Leído' as them. Their terminal session is the one sent.
 */
export default function TerminalHandover({ actor, tz, stream }: { actor: Actor; tz: string; stream?: LiveStream }) {
  const arco = useArcoHandovers(actor.id, stream);
  const confirm = useConfirmHandover();
  const [done, setDone] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const data = arco.data;
  const pending = data?.pending ?? null;
  const current = data?.current ?? null;
  // Only its author edits it, until it is read (the server refuses the rest).
  const editable = current === null || (current.confirmed_at === null && current.author_id === actor.id);
  return (
    <section aria-label={m.title} data-testid="terminal-handover">
      <div className="terminal-actor-row">
        <p className="fs-4 mb-0 me-auto" data-testid="terminal-actor">
          {t.actingAs(actor.name)}
        </p>
        {data && editable && (
          <button type="button" className="btn btn-primary btn-lg terminal-target" onClick={() => setWriting(true)}>
            {current ? m.editForm : m.openForm}
          </button>
        )}
      </div>
      {done && (
        <Feedback variant="success" className="fs-5">
          {done}
        </Feedback>
      )}
      {pending && (
        <HandoverCard handover={pending} tz={tz} title={m.incoming}>
          {confirm.isError && <Feedback className="mt-2">{errorText(confirm.error, m.confirmFallback, m.confirmFallback)}</Feedback>}
          <button
            type="button"
            className="btn btn-primary btn-lg terminal-target mt-2"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(pending.id, { onSuccess: (r) => setDone(r.message) })}
          >
            {m.confirm}
          </button>
        </HandoverCard>
      )}
      {data && (
        <HandoverDialog
          open={writing}
          data={data}
          tz={tz}
          onClose={() => setWriting(false)}
          onSaved={(message) => {
            setDone(message);
            setWriting(false);
          }}
        />
      )}
    </section>
  );
}

/** The note of this shift in a native modal <dialog> (focus kept inside, Escape closes), as on the phone's 'Relevo de turno'. */
function HandoverDialog({
  open,
  data,
  tz,
  onClose,
  onSaved,
}: {
  open: boolean;
  data: ArcoHandovers;
  tz: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const noteId = useId();
  const errorId = useId();
  const save = useSaveHandover();
  const current = data.current;
  const { register, submit, reset, errors, message, fail, setServerError } = useServerForm<HandoverBody>({
    resolver: zodResolver(handoverBody),
    defaultValues: { note: '' },
    order: ['note'],
    texts: { fallback: m.saveFallback, network: m.saveFallback },
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      reset({ note: current?.note ?? '' });
      setServerError(null);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open, current?.note, reset, setServerError]);

  const onSubmit = submit((values) => save.mutate({ ...values, id: current?.id }, { onSuccess: (r) => onSaved(r.message), onError: fail }));
  const { shift } = data;
  return (
    <dialog ref={ref} className="terminal-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="h3">
          {m.title}
        </h2>
        <p className="fs-5">
          {shift.name} {formatPlainDate(shift.date)} ({formatTime(shift.start, tz)}–{formatTime(shift.end, tz)})
        </p>
        {message && (
          <Feedback id={errorId} className="fs-5">
            {message}
          </Feedback>
        )}
        <label htmlFor={noteId} className="form-label fs-5">
          {m.noteLabel}
        </label>
        <textarea id={noteId} className="form-control fs-5 mb-2" rows={5} {...register('note')} {...fieldError(!!errors.note, errorId)} />
        {data.draft && (
          <div className="mb-3">
            <p className="text-body-secondary mb-0">{m.autoFilled}</p>
            <HandoverFigures summary={data.draft} tz={tz} />
          </div>
        )}
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-lg terminal-target" disabled={save.isPending}>
            {current ? m.update : m.save}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-lg terminal-target" onClick={onClose}>
            {m.close}
          </button>
        </div>
      </form>
    </dialog>
  );
}
