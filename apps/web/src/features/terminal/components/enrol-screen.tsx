import { zodResolver } from '@hookform/resolvers/zod';
import { enrolBody } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { useEnrol } from '../api/enrol';

/** The enrolment form checks the code as the server does: spaces and dashes between its groups ignored. */
const enrolForm = enrolBody.pick({ code: true });

/**
 * /terminal on a device without a credential: the one-time code the admin generated (also arriving in
 * the QR's `?code=`), and why the last credential was dropped when it was.
 */
export function EnrolScreen({ refusal }: { refusal: string | null }) {
  const enrol = useEnrol();
  const { register, submit, message, fail } = useServerForm({
    resolver: zodResolver(enrolForm),
    defaultValues: { code: new URLSearchParams(window.location.search).get('code') ?? '' },
    order: ['code'],
    texts: { fallback: t.enrolFallback, network: t.enrolNetwork },
  });
  const onSubmit = submit((values) => enrol.mutate(values, { onError: fail }));
  return (
    <main id="main" className="terminal container py-4" style={{ maxWidth: 560 }}>
      <h1 className="mb-3">{t.enrolTitle}</h1>
      {refusal && !enrol.isPending && <Feedback variant="warning">{refusal}</Feedback>}
      <p>{t.enrolHelp}</p>
      <form noValidate onSubmit={onSubmit}>
        <label htmlFor="terminal-code" className="form-label">
          {t.codeLabel}
        </label>
        <input
          id="terminal-code"
          className={`form-control form-control-lg mb-3${message ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'enrol-error' : undefined}
          {...register('code')}
        />
        {message && <Feedback id="enrol-error">{message}</Feedback>}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={enrol.isPending}>
          {enrol.isPending ? t.enrolling : t.enrol}
        </button>
      </form>
    </main>
  );
}
