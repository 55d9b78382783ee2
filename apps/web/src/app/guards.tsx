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
 * /dashboard: no token, an undecodable token or an expired token removes the token and goes to
 * /login (SPEC.md section 2).
 */
export function RequireUser() {
  useCurrentUser();
  const session = readSession();
  const bad = session.status === 'invalid' || session.status === 'expired';
  useEffect(() => {
    if (bad) removeToken();
  }, [bad]);
  useExpiryTimer(session.status === 'ok' ? session.user.exp : undefined);
  if (session.status !== 'ok') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /admin: only a valid token whose role is admin passes; otherwise /admin/login. */
export function RequireAdmin() {
  useCurrentUser();
  const session = readSession();
  const bad = session.status === 'invalid' || session.status === 'expired';
  useEffect(() => {
    if (bad) removeToken();
  }, [bad]);
  useExpiryTimer(session.status === 'ok' ? session.user.exp : undefined);
  if (session.status !== 'ok' || session.user.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}
