import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, pgUnavailable, type TestApp } from './helper';

const indexHtml = (hash: string) =>
  `<!doctype html><html lang="es"><head><script type="module" src="/assets/index-${hash}.js"></script></head><body><div id="root"></div></body></html>`;

/** Writes a build into `dir` as `npm run build` does: the folder emptied, then index.html and its hashed chunk. */
function build(dir: string, hash: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), indexHtml(hash));
  writeFileSync(path.join(dir, 'assets', `index-${hash}.js`), `console.log(${JSON.stringify(hash)});\n`);
  writeFileSync(path.join(dir, 'assets', `chunk-${hash}.css`), `/* ${hash} */\n`);
}

/** The web app served across a rebuild (docs/decisions/032-serving-across-a-rebuild.md). */
describe.skipIf(pgUnavailable)('serving the web app while it is rebuilt', () => {
  let t: TestApp;
  let webDist: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    webDist = path.join(mkdtempSync(path.join(tmpdir(), 'portal-rebuild-')), 'dist');
    build(webDist, 'aaa111');
    t = await buildTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(path.dirname(webDist), { recursive: true, force: true });
  });

  it("serves a new build's page and chunks at once, and the old chunks to pages loaded before it", async () => {
    expect((await get('/')).body).toContain('/assets/index-aaa111.js');
    expect((await get('/assets/index-aaa111.js')).statusCode).toBe(200);

    build(webDist, 'bbb222');

    // A new visitor gets the new page, and the chunk it names (never seen at start).
    const page = await get('/dashboard/paradas-kaiser');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/index-bbb222.js');
    const fresh = await get('/assets/index-bbb222.js');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log("bbb222");\n');
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A page loaded before the rebuild still gets its old chunks, with their types.
    const old = await get('/assets/index-aaa111.js');
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('console.log("aaa111");\n');
    expect(old.headers['content-type']).toMatch(/^text\/javascript/);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/chunk-aaa111.css')).headers['content-type']).toMatch(/^text\/css/);

    // What never existed is still a 404, not the SPA's HTML.
    const missing = await get('/assets/index-zzz999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/assets/..%2Findex.html')).statusCode).toBe(404);
  });

  it("answers the station terminal's own page at /terminal, where the build wrote one, and index.html elsewhere", async () => {
    // docs/decisions/055-terminal-home-first-paint.md
    expect((await get('/terminal')).body).toContain('<div id="root"></div>');
    writeFileSync(path.join(webDist, 'terminal.html'), '<!doctype html><div data-prerendered="terminal" inert></div>');
    for (const url of ['/terminal', '/terminal?code=12345678']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('data-prerendered="terminal"');
    }
    for (const url of ['/dashboard', '/terminal/other', '/login']) expect((await get(url)).body).toContain('<div id="root"></div>');
  });
});
