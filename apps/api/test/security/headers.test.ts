import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, pgUnavailable, type TestApp, type Worker } from '../helper';

/**
 * Security headers on every kind of answer (helmet defaults plus our Content-Security-Policy): API
 * JSON and errors, uploaded images, the SPA's index.html, its assets and deep links, and 404s.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const BUILT_SPA = path.resolve(here, '../../../web/dist/index.html');

/** A stand-in for the built SPA: one module script and one stylesheet, as Vite emits. */
const INDEX_HTML = `<!doctype html>
<html lang="es"><head><meta charset="UTF-8" /><title>Portal de Fábrica</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head>
<body><div id="root"></div></body></html>`;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const h = res.headers;
  expect(h['x-powered-by'], what).toBeUndefined();
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBeTruthy();
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['cross-origin-resource-policy'], what).toBeTruthy();
  expect(h['x-dns-prefetch-control'], what).toBe('off');
  expect(h['x-permitted-cross-domain-policies'], what).toBe('none');
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, what).not.toBe('');
  const d = directives(csp);
  // Framing refused both ways: the old header for old browsers, frame-ancestors for the rest.
  expect(String(h['x-frame-options']), what).toMatch(/^(DENY|SAMEORIGIN)$/);
  expect(d.get('frame-ancestors'), what).toEqual(["'none'"]);
  // Scripts only from the portal itself: no inline code, no eval, no wildcard.
  const scriptSrc = d.get('script-src') ?? d.get('default-src');
  expect(scriptSrc, what).toEqual(["'self'"]);
  expect(d.get('default-src'), what).toEqual(["'self'"]);
  expect(d.get('object-src'), what).toEqual(["'none'"]);
  expect(d.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp, what).not.toMatch(/unsafe-eval/);
  expect(d.get('script-src-attr') ?? ["'none'"], what).toEqual(["'none'"]);
  // What the SPA needs: its own API (and images, including previews made from data: and blob: URLs).
  expect(d.get('connect-src'), what).toContain("'self'");
  expect(d.get('img-src'), what).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
}

describe.skipIf(pgUnavailable)('security headers on every answer', () => {
  let t: TestApp;
  let webDist: string;
  let worker: Worker;
  let imagePath: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("portal");\n');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.css'), 'body{margin:0}\n');
    t = await buildTestApp({ WEB_DIST: webDist });
    worker = await t.createWorker(await t.createArco('Arco Cabeceras', 'Nave 1'));
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const image = { data: png, filename: 'foto.png', type: 'image/png' };
    const res = await t.sendForm(worker.token, 'POST', '/api/wall/posts', { content: 'Publicación con imagen' }, { image });
    expect(res.statusCode).toBe(201);
    imagePath = res.json().post.image_path;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('API answers: JSON, errors of every status, and the preflight-free write path', async () => {
    const answers: [string, LightMyRequestResponse, number][] = [
      ['health', await get('/api/health'), 200],
      ['authenticated list', await get('/api/wall/posts', bearer(worker.token)), 200],
      ['401', await get('/api/wall/posts'), 401],
      ['403', await get('/api/admin/users', bearer(worker.token)), 403],
      ['404 route', await get('/api/no-existe'), 404],
      ['404 record', await get('/api/tramos/999999', bearer(worker.token)), 404],
      ['400', await get('/api/tramos/abc', bearer(worker.token)), 400],
      [
        '400 malformed JSON',
        await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"a":' }),
        400,
      ],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      expectSecurityHeaders(res, what);
    }
  });

  it('uploaded images: nosniff, the image type, a generated name, and 404s with the same headers', async () => {
    expect(imagePath).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const image = await get(imagePath);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(String(image.headers['content-disposition'] ?? '')).not.toContain('foto');
    expectSecurityHeaders(image, 'image');
    for (const url of ['/uploads/no-existe.webp', '/uploads/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectSecurityHeaders(res, url);
    }
    // Nothing next to the uploads folder (the database, the generated secret) is reachable from it.
    writeFileSync(path.join(t.dataDir, 'jwt-secret'), 'MARCADOR-SECRETO');
    for (const url of [
      '/uploads/../jwt-secret',
      '/uploads/%2e%2e/jwt-secret',
      '/uploads/..%2fjwt-secret',
      '/uploads/%2e%2e%2fjwt-secret',
      '/uploads/..%5cjwt-secret',
      '/uploads/%2e%2e/portal.sqlite',
      '/uploads/.%2e/.%2e/etc/passwd',
    ]) {
      const res = await get(url);
      expect(res.body, url).not.toMatch(/MARCADOR-SECRETO|SQLite format|root:/);
      // Either refused, or normalised to a path of the SPA (its index.html, never a file of the data folder).
      if (res.statusCode === 200) expect(res.body, url).toContain('<div id="root">');
      else expect([400, 403, 404], url).toContain(res.statusCode);
      expectSecurityHeaders(res, url);
    }
  });

  it('the SPA: index.html, deep links, assets and a missing asset', async () => {
    for (const url of ['/', '/index.html', '/dashboard/paradas-kaiser', '/login']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expectSecurityHeaders(res, url);
    }
    const js = await get('/assets/index-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(js, 'asset');
    const missing = await get('/assets/index-old.js');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, 'missing asset');
  });

  it('the CSP lets a cross-origin front-end load images and call the API when CORS_ORIGINS names it', async () => {
    const other = await buildTestApp({ CORS_ORIGINS: 'https://portal.example.com' });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://portal.example.com' } });
      expectSecurityHeaders(res, 'cors');
      const d = directives(String(res.headers['content-security-policy']));
      expect(d.get('img-src')).toContain('https://portal.example.com');
      expect(d.get('connect-src')).toContain('https://portal.example.com');
      expect(res.headers['access-control-allow-origin']).toBe('https://portal.example.com');
      const foreign = await other.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('the built SPA has no inline scripts or inline event handlers, so it runs under script-src self', (ctx) => {
    if (!existsSync(BUILT_SPA)) {
      console.log(`skipped: ${BUILT_SPA} does not exist (run npm run build to check the real SPA)`);
      ctx.skip();
      return;
    }
    const html = readFileSync(BUILT_SPA, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attrs, body] of scripts) {
      // A JSON data block (the wall's first-paint templates) is never run, whatever the CSP: it must
      // parse as JSON and carry no '<' that could end it early.
      if (/^\s*type="application\/json"/.test(attrs)) {
        expect(attrs, tag).not.toMatch(/\bsrc=/);
        expect(body, tag.slice(0, 80)).not.toContain('<');
        expect(() => JSON.parse(body), tag.slice(0, 80)).not.toThrow();
        continue;
      }
      expect(attrs, tag).toMatch(/\bsrc="\/[^/"][^"]*"/);
      expect(body.trim(), tag).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    // Every stylesheet and preload is the portal's own, as default-src 'self' requires.
    for (const [, href] of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/gi)) expect(href).toMatch(/^(\/(?!\/)|data:)/);
  });
});
