import { zodResolver } from '@hookform/resolvers/zod';
import { type RecentWorker, type TerminalSignInBody, terminalSignInBody } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useEffect, useId, useRef, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { useTerminalSignIn } from '../api/sign-in';

type Step = { kind: 'who' } | { kind: 'pin'; name: string };

/** Who signs in (a chip's opaque reference, else the worker ID typed) and the PIN, as the server reads them. */
const EMPTY: TerminalSignInBody = { worker_ref: '', worker_id: '', pin: '' };
const PAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * Signing in at the terminal (a native modal <dialog>: focus kept inside, Escape closes): tap a name
 * among the arco's recent workers or type the worker ID, then the PIN on the pad (or the keyboard).
 * The contract's `terminalSignInBody` checks it before it is sent; this chunk loads with the dialog,
 * so zod never reaches the terminal's home (docs/decisions/055-terminal-home-first-paint.md).
 */
export function SignInDialog({
  open,
  onClose,
  onSignedIn,
  recent,
}: {
  open: boolean;
  onClose: () => void;
  /** The worker who signed in: an action tapped before may be waiting for them (terminal-page.tsx). */
  onSignedIn: (worker: { id: number; name: string }) => void;
  recent: readonly RecentWorker[];
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'who' });
  const signIn = useTerminalSignIn();
  const pinInput = useRef<HTMLInputElement>(null);
  const { watch, getValues, setValue, reset, submit, message, fail, setServerError } = useServerForm({
    resolver: zodResolver(terminalSignInBody),
    defaultValues: EMPTY,
    order: ['worker_id', 'pin'],
    texts: { fallback: t.signInFallback, network: t.signInNetwork },
  });
  const workerId = watch('worker_id') ?? '';
  const pin = watch('pin') ?? '';
  const setPin = (next: string) => setValue('pin', next);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setStep({ kind: 'who' });
      reset(EMPTY);
      setServerError(null);
      signIn.reset();
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open, reset, setServerError, signIn.reset]);

  useEffect(() => {
    if (step.kind === 'pin') pinInput.current?.focus();
  }, [step]);

  /** A chip sends its reference; the typed ID is sent when no chip was tapped. */
  const toPin = (workerRef: string, name: string) => {
    signIn.reset();
    setServerError(null);
    setValue('worker_ref', workerRef);
    setPin('');
    setStep({ kind: 'pin', name });
  };
  const submitPin = submit(({ worker_ref, worker_id, pin }) =>
    signIn.mutate(worker_ref ? { worker_ref, pin } : { worker_id, pin }, {
      onSuccess: ({ user }) => {
        onSignedIn(user);
        onClose();
      },
      onError: (error) => {
        fail(error);
        setPin('');
      },
    }),
  );
  const press = (digit: string) => {
    const typed = getValues('pin') ?? '';
    if (typed.length < 6) setPin(typed + digit);
    pinInput.current?.focus();
  };

  return (
    <dialog ref={ref} className="terminal-dialog" aria-labelledby={titleId} onClose={onClose}>
      {step.kind === 'who' ? (
        <div>
          <h2 id={titleId} className="h3 mb-3">
            {t.whoTitle}
          </h2>
          {recent.length > 0 && (
            <>
              <h3 className="h5">{t.recentWorkers}</h3>
              <ul className="list-unstyled terminal-grid mb-3">
                {recent.map((w) => (
                  <li key={w.ref}>
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-lg w-100 terminal-target"
                      onClick={() => toPin(w.ref, w.name)}
                    >
                      {w.name}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (workerId.trim()) toPin('', workerId.trim());
            }}
          >
            <label htmlFor="terminal-worker-id" className="form-label">
              {t.workerIdLabel}
            </label>
            <div className="d-flex gap-2 mb-3">
              <input
                id="terminal-worker-id"
                className="form-control form-control-lg terminal-target"
                autoComplete="off"
                autoCapitalize="none"
                value={workerId}
                onChange={(e) => setValue('worker_id', e.target.value)}
              />
              <button type="submit" className="btn btn-primary btn-lg terminal-target" disabled={!workerId.trim()}>
                {t.next}
              </button>
            </div>
          </form>
          <p className="text-body-secondary">{t.badgeHelp}</p>
          <button type="button" className="btn btn-outline-secondary btn-lg terminal-target w-100" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submitPin}>
          <h2 id={titleId} className="h3 mb-3">
            {t.pinTitle(step.name)}
          </h2>
          {message && <Feedback id="terminal-pin-error">{message}</Feedback>}
          <label htmlFor="terminal-pin" className="form-label">
            {t.pinLabel}
          </label>
          <input
            ref={pinInput}
            id="terminal-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            className="form-control form-control-lg mb-3 text-center terminal-pin"
            value={pin}
            aria-describedby={message ? 'terminal-pin-error' : undefined}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <div className="terminal-pad mb-3">
            {PAD.map((d) => (
              <button key={d} type="button" className="btn btn-outline-dark btn-lg terminal-target" onClick={() => press(d)}>
                {d}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-outline-secondary btn-lg terminal-target"
              onClick={() => setPin((getValues('pin') ?? '').slice(0, -1))}
            >
              {t.pinDelete}
            </button>
            <button type="button" className="btn btn-outline-dark btn-lg terminal-target" onClick={() => press('0')}>
              0
            </button>
            <button type="submit" className="btn btn-success btn-lg terminal-target" disabled={pin.length < 4 || signIn.isPending}>
              {signIn.isPending ? t.signingIn : t.pinEnter}
            </button>
          </div>
          <button type="button" className="btn btn-outline-secondary btn-lg terminal-target w-100" onClick={() => setStep({ kind: 'who' })}>
            {t.back}
          </button>
        </form>
      )}
    </dialog>
  );
}
