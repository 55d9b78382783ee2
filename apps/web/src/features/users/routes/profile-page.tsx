import { roleName, userScreenTexts as t } from '@portal/contract/users';
import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import { Navigate } from 'react-router';
import { decodeToken, getToken, removeToken, useCurrentUser } from '@/lib/token';
import { PushOptIn } from '../components/push-opt-in';
import { TerminalPinCard } from '../components/terminal-pin-card';

/** 'Perfil de Usuario': read-only claims of the stored token. */
export default function ProfilePage() {
  // Subscribes to token changes so a profile edit shows at once.
  useCurrentUser();
  const claims = decodeToken(getToken());
  const undecodable = claims === null;
  useEffect(() => {
    if (undecodable) removeToken();
  }, [undecodable]);
  if (!claims) return <Navigate to="/login" replace />;

  return (
    <div className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h4 mb-3">{t.profileTitle}</h1>
      <Card>
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-4">{t.name}</dt>
            <dd className="col-sm-8" data-testid="profile-name">
              {claims.name}
            </dd>
            <dt className="col-sm-4">{t.workerIdLabel}</dt>
            <dd className="col-sm-8" data-testid="profile-worker-id">
              {claims.worker_id}
            </dd>
            <dt className="col-sm-4">{t.role}</dt>
            <dd className="col-sm-8 mb-0" data-testid="profile-role">
              {roleName(claims.role)}
            </dd>
          </dl>
        </Card.Body>
      </Card>
      <PushOptIn />
      <TerminalPinCard />
    </div>
  );
}
