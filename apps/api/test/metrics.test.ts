import { statfsSync } from 'node:fs';
import { messages } from '@portal/contract/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, pgUnavailable, TEST_DB, type TestArco, useTestApp } from './helper';

const TOKEN = 'metrics-token-for-the-tests-0123';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
// Go's float syntax, which Prometheus reads: NaN and Inf in any case (prom-client writes `Nan`).
const VALUE = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?[Ii][Nn][Ff]|[Nn][Aa][Nn])';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (${VALUE})(?: -?\\d+)?$`);
const HELP = new RegExp(`^# HELP ${NAME} .*$`);
const TYPE = new RegExp(`^# TYPE ${NAME} (counter|gauge|histogram|summary|untyped)$`);

/** Parses the Prometheus text exposition format strictly: any line that is not HELP, TYPE or a sample fails. */
function parse(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '' || HELP.test(line) || TYPE.test(line)) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]] = pair[2];
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (0 when absent, as a counter not yet moved). */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describe.skipIf(pgUnavailable)('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('is off: 404 with or without a token', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound });
    }
  });
});

describe.skipIf(pgUnavailable)('GET /metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });
  let station: TestArco;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.body);
  };

  beforeAll(async () => {
    station = await t.createArco('Arco Métricas');
  });

  it('answers 404 to a missing or wrong token, as if there were no endpoint', async () => {
    for (const headers of [{}, bearer(`${TOKEN}x`), bearer(TOKEN.slice(1)), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.json()).toEqual({ message: messages.notFound });
    }
  });

  it('answers the Prometheus text format, with process metrics', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts requests and their latency by route pattern, never by raw URL', async () => {
    const w = await t.createWorker(station);
    const before = await scrape();
    const route = { method: 'GET', route: '/api/tramos/:id', status: '404' };
    for (const id of [999_001, 999_002, 999_003]) await t.send(w.token, 'GET', `/api/tramos/${id}`);
    await t.send(null, 'GET', '/no/such/path/123');
    const after = await scrape();
    expect(sampleValue(after, 'http_requests_total', route) - sampleValue(before, 'http_requests_total', route)).toBe(3);
    const histogram = { method: 'GET', route: '/api/tramos/:id' };
    expect(
      sampleValue(after, 'http_request_duration_seconds_count', histogram) -
        sampleValue(before, 'http_request_duration_seconds_count', histogram),
    ).toBe(3);
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...histogram, le: '+Inf' })).toBe(
      sampleValue(after, 'http_request_duration_seconds_count', histogram),
    );
    expect(sampleValue(after, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => /\d{6}|no\/such/.test(s.labels.route ?? ''))).toBe(false);
  });

  it('counts answers with a 5xx status as errors', async () => {
    const admin = await t.adminToken();
    const route = { method: 'GET', route: '/api/admin/planta' };
    const before = await scrape();
    // A zone Intl does not know makes the plant board fail inside the service: a 500.
    const tz = t.app.ctx.tz;
    t.app.ctx.tz = 'Nowhere/Invalid';
    try {
      expect((await t.send(admin, 'GET', '/api/admin/planta')).statusCode).toBe(500);
    } finally {
      t.app.ctx.tz = tz;
    }
    const after = await scrape();
    expect(sampleValue(after, 'http_request_errors_total', route) - sampleValue(before, 'http_request_errors_total', route)).toBe(1);
    expect(sampleValue(after, 'http_requests_total', { ...route, status: '500' })).toBe(1);
  });

  it('counts the wall cache hits and misses, and the open event streams', async () => {
    const w = await t.createWorker(station);
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.send(w.token, 'GET', '/api/wall/posts')).statusCode).toBe(200);
    const after = await scrape();
    const moved = (result: string) =>
      sampleValue(after, 'portal_wall_cache_requests_total', { result }) -
      sampleValue(before, 'portal_wall_cache_requests_total', { result });
    expect(moved('hit') + moved('miss')).toBe(3);
    expect(moved('hit')).toBeGreaterThanOrEqual(2);
    expect(sampleValue(after, 'portal_event_stream_clients')).toBe(t.app.ctx.events.subscriberCount);
  });

  it("reports the free bytes of DATA_DIR's file system, as statfs reads them", async () => {
    const free = sampleValue(await scrape(), 'portal_data_dir_free_bytes');
    const { bavail, bsize } = statfsSync(t.dataDir);
    expect(free).toBeGreaterThan(0);
    // Other processes write to the same disk meanwhile.
    expect(Math.abs(free - bavail * bsize)).toBeLessThan(64 * 1024 * 1024);
  });

  it.runIf(TEST_DB === 'postgres')('reports the PostgreSQL pool', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(samples.some((s) => s.name === 'portal_db_pool_connections' && s.labels.state === 'waiting')).toBe(true);
  });

  it('reports the stations stopped now and the stops started today, as the plant board counts them', async () => {
    const before = await scrape();
    const other = await t.createArco('Arco Métricas 2');
    // One running stop per station (downtime-arco.test.ts): b works at a third one.
    const third = await t.createArco('Arco Métricas 3');
    const a = await t.createWorker(station);
    const b = await t.createWorker(third);
    const c = await t.createWorker(other);
    for (const w of [a, b, c]) expect((await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {})).statusCode).toBe(201);
    const stopped = await scrape();
    expect(sampleValue(stopped, 'portal_paradas_today') - sampleValue(before, 'portal_paradas_today')).toBe(3);
    const board = (await t.send(await t.adminToken(), 'GET', '/api/admin/planta')).json() as { arcos: { status: string }[] }[];
    const boardStopped = board.flatMap((n) => n.arcos).filter((arco) => arco.status === 'stopped').length;
    expect(sampleValue(stopped, 'portal_arcos_stopped')).toBe(boardStopped);
    expect(boardStopped).toBeGreaterThanOrEqual(2);
  });
});
