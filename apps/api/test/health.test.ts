import { describe, expect, it } from 'vitest';
import { pgUnavailable, useTestApp } from './helper';

describe.skipIf(pgUnavailable)('health and basics', () => {
  const t = useTestApp();

  it('answers ok after a database round trip, with the object store beside it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', storage: { driver: 'folder', reachable: true, latencyMs: expect.any(Number) } });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/login']).toBeDefined();
  });

  it('answers unknown API paths with a Spanish 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Ruta no encontrada.' });
  });

  it('exposes the factory time zone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ factoryTz: 'Europe/Madrid' });
  });
});
