import sharp from 'sharp';

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

const POSTS = 20;

/** A station, a worker signed in at it, 20 posts on its wall (every third with a photo), and its station terminal. */
export async function seedWallAndTerminal(base: string): Promise<{ token: string; admin: string; terminalKey: string }> {
  const { admin, station, token } = await seedStation(base, 'Arco Lighthouse', { worker_id: 'lighthouse01', name: 'Lucía Faro' });
  for (let i = 0; i < POSTS; i++) {
    const form = new FormData();
    form.set('content', `Turno de mañana, aviso ${i + 1}: revisad la línea ${(i % 4) + 1} antes de arrancar.`);
    form.set('wall_name', 'Main');
    if (i % 3 === 0) {
      const photo = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: { r: 40 + i * 9, g: 90, b: 160 - i * 5 } },
      })
        .composite([
          { input: Buffer.from(`<svg width="1600" height="1200"><circle cx="${300 + i * 50}" cy="600" r="300" fill="#f5a623"/></svg>`) },
        ])
        .jpeg({ quality: 85 })
        .toBuffer();
      form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `foto${i}.jpg`);
    }
    await call(base, '/api/wall/posts', { method: 'POST', token, body: form });
  }
  // The station's tablet, enrolled as the admin's 'Terminal' code allows (docs/decisions/036-station-terminal.md).
  const { code } = await call<{ code: string }>(base, `/api/admin/arcos-sumergidos/${station.id}/terminal-codes`, {
    method: 'POST',
    token: admin,
  });
  const { credential } = await call<{ credential: string }>(base, '/api/terminal/enrol', {
    method: 'POST',
    body: JSON.stringify({ code }),
  });
  return { token, admin, terminalKey: credential };
}
