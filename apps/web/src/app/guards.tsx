import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { readSession, removeToken, useCurrentUser } from '@/lib/token';

/** Ends the session in the browser when the token's exp passes while a page stays open. */
function useExpiryTimer(exp: number | undefined) {
  useEffect(() => {
    if (!exp) return;
    const ms = exp * 1000 - Date.now() + 1000;
    const id = setTimeout(removeToken, Math.min(Math.max(ms, 0), 2_147_483_000));
    return () => clearTimeout(id);
  }, [exp]);
}

/**
 * The session behind a guarded area: no token, an undecodable token or an expired token is removed,
 * and the session ends in the browser when the token's exp passes.
 */
function useGuardedSession() {
  useCurrentUser();
  const session = readSession();
  const bad = session.status === 'invalid' || session.status === 'expired';
  useEffect(() => {
    if (bad) removeToken();
  }, [bad]);
  useExpiryTimer(session.status === 'ok' ? session.user.exp : undefined);
  return session;
}

/** /dashboard: any valid session passes; otherwise /login. */
export function RequireUser() {
  const session = useGuardedSession();
  return session.status === 'ok' ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /admin: only a valid session whose role is admin passes; otherwise /admin/login. */
export function RequireAdmin() {
  const session = useGuardedSession();
  return session.status === 'ok' && session.user.role === 'admin' ? <Outlet /> : <Navigate to="/admin/login" replace />;
}
