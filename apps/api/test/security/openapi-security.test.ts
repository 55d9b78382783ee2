import { describe, expect, it } from 'vitest';
import { pgUnavailable, useTestApp } from '../helper';

/** The OpenAPI path of a Fastify route (`/api/tramos/:id` -> `/api/tramos/{id}`). */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe.skipIf(pgUnavailable)('OpenAPI security follows each route policy', () => {
  const t = useTestApp();

  it('marks exactly the public routes as needing no token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const publicOnes: string[] = [];
    for (const { method, url, policy } of t.app.routeTable) {
      const operation = doc.paths[openapiPath(url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${url} in the document`).toBeDefined();
      if (policy === 'public') {
        expect(operation.security, `${method} ${url}`).toEqual([]);
        publicOnes.push(`${method} ${url}`);
      } else if (policy === 'terminal') {
        // A station terminal's routes take its device credential, not a token (docs/decisions/036-station-terminal.md).
        expect(operation.security, `${method} ${url}`).toEqual([{ terminalKey: [] }]);
      } else {
        expect(operation.security, `${method} ${url}`).toBeUndefined();
      }
    }
    // The routes anyone may call: signing in, registering, and what the sign-in screen reads.
    expect(publicOnes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/admin/login',
        'POST /api/auth/register',
        'GET /api/health',
        'GET /api/naves',
      ]),
    );
  });
});
