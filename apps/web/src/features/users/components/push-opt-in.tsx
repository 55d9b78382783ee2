import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import { useEffect, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Feedback } from '@/components/feedback';
import { isCalled, useAndonCalls } from '@/lib/andon';
import { errorText } from '@/lib/api';
import { useCurrentUser } from '@/lib/token';
import { currentSubscription, pushSupported, subscribePush, unsubscribePush } from '../api/push';

/**
 * 'Recibir avisos en este teléfono' in the profile, for someone the andon calls: the call reaches this
 * device as a notification even with the portal closed (where the plant's network lets push through).
 */
export function PushOptIn() {
  const user = useCurrentUser();
  const calls = useAndonCalls(!!user);
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((s) => live && setOn(s !== null))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, [supported]);
  if (!user || !isCalled(calls.data, user.role)) return null;

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (next) {
        const result = await subscribePush();
        if (result === 'denied') setError(t.pushDenied);
        setOn(result === 'subscribed');
      } else {
        await unsubscribePush();
        setOn(false);
      }
    } catch (e) {
      setError(errorText(e, t.pushFailed, t.pushNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mt-3" as="section" aria-labelledby="push-title">
      <Card.Body>
        <h2 id="push-title" className="h6">
          {t.pushTitle}
        </h2>
        <p className="small text-body-secondary">{t.pushHelp}</p>
        {!supported ? (
          <p className="mb-0">{t.pushUnsupported}</p>
        ) : (
          <>
            <Form.Check
              type="switch"
              id="push-opt-in"
              label={t.pushTitle}
              checked={on === true}
              disabled={busy || on === null}
              onChange={(e) => void change(e.target.checked)}
            />
            <p className="small mb-0 mt-1" role="status" data-testid="push-state">
              {on === null ? '' : on ? t.pushOn : t.pushOff}
            </p>
          </>
        )}
        {error && <Feedback className="mt-2 mb-0">{error}</Feedback>}
      </Card.Body>
    </Card>
  );
}
