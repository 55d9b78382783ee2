import { terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { useState } from 'react';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { useEnrol } from '../api/enrol';

/** The code as typed, without the spaces or dashes between its groups. */
const cleanCode = (code: string) => code.replace(/[\s-]/g, '');

/**
 * /terminal on a device without a credential: the one-time code the admin generated (also arriving in
 * the QR's `?code=`), and why the last credential was dropped when it was.
 */
export function EnrolScreen({ refusal }: { refusal: string | null }) {
  const [code, setCode] = useState(() => new URLSearchParams(window.location.search).get('code') ?? '');
  const [invalid, setInvalid] = useState(false);
  const enrol = useEnrol();
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const clean = cleanCode(code);
    setInvalid(!/^\d{8}$/.test(clean));
    if (/^\d{8}$/.test(clean)) enrol.mutate({ code: clean });
  };
  const error = invalid ? terminalMessages.codeFormat : enrol.isError ? errorText(enrol.error, t.enrolFallback, t.enrolNetwork) : null;
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
          className={`form-control form-control-lg mb-3${error ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'enrol-error' : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && <Feedback id="enrol-error">{error}</Feedback>}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={enrol.isPending}>
          {enrol.isPending ? t.enrolling : t.enrol}
        </button>
      </form>
    </main>
  );
}
