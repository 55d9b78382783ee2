/** The benches' calls to the real server, and the station they seed: an admin, an arco, a worker signed in at it. */

/** The administrator the benches start the server with (ADMIN_WORKER_ID / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { worker_id: 'bench-admin', password: 'bench-admin-password' };

export async function call<T>(base: string, url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${base}${url}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface SeededStation {
  admin: string;
  station: { id: number; nave: string };
  token: string;
}

/** An arco of 'Nave 1' and a worker registered and signed in at it, through the API. */
export async function seedStation(base: string, arco: string, worker: { worker_id: string; name: string }): Promise<SeededStation> {
  const { accessToken: admin } = await call<{ accessToken: string }>(base, '/api/admin/login', {
    method: 'POST',
    body: JSON.stringify(BENCH_ADMIN),
  });
  const station = await call<{ id: number; nave: string }>(base, '/api/admin/arcos-sumergidos', {
    method: 'POST',
    token: admin,
    body: JSON.stringify({ name: arco, nave: 'Nave 1' }),
  });
  const account = { ...worker, password: 'secreto123' };
  await call(base, '/api/auth/register', { method: 'POST', body: JSON.stringify({ ...account, role: 'user' }) });
  const { accessToken: token } = await call<{ accessToken: string }>(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ worker_id: account.worker_id, password: account.password, nave: station.nave, arco_sumergido_id: station.id }),
  });
  return { admin, station, token };
}
