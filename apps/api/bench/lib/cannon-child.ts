/**
 * The load generator's process (see cannon.ts): reads a CannonSpec file, runs autocannon, prints
 * one CannonResult JSON line on stdout.
 */
import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';
import type { CannonResult, CannonSpec, MixWorker } from './cannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as CannonSpec;

let turn = 0;
const pick = <T>(list: T[]): T => list[turn++ % list.length];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function multipart(fields: Record<string, string>) {
  const boundary = `----bench${Date.now().toString(36)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * GETs spread over many callers, as many workers would read their own walls and stops: one request
 * per token, each connection cycling through them. Static requests are built once by autocannon; a
 * setupRequest would rebuild every request and make the load generator, on a 2-core machine, the
 * bottleneck of the measurement instead of the server (the bare yardstick's request is static too).
 */
function getRequests(): Request[] {
  const tokens = spec.tokens ?? [];
  if (!tokens.length) return [{ method: 'GET', path: spec.path }];
  return tokens.map((token) => ({ method: 'GET', path: spec.path, headers: bearer(token) }));
}

/**
 * One cycle per worker: like and unlike a post of the station, start and end a stop, post, comment.
 * A station has one running stop at a time, so a cycle takes a station no other cycle holds (the
 * bench runs at most one connection per station), and gives it back at its end; each station's
 * workers take their turns. (autocannon clears a connection's context at each cycle: the state
 * lives here.)
 */
function writeMix(): Request[] {
  const pools = new Map<number, MixWorker[]>();
  for (const w of spec.workers ?? []) pools.set(w.arco, [...(pools.get(w.arco) ?? []), w]);
  const free = [...pools.keys()];
  const turns = new Map<number, number>();
  type Ctx = { arco?: number; worker?: MixWorker; post?: number; stopId?: number };
  const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });
  const form = (ctx: Ctx, path: string, text: string): Request => {
    const { body, type } = multipart({ content: text });
    return { method: 'POST', path, headers: { ...bearer(ctx.worker!.token), 'content-type': type }, body };
  };
  return [
    {
      setupRequest: (req, context) => {
        const ctx = context as Ctx;
        ctx.arco = free.shift() ?? pick([...pools.keys()]);
        const turn = turns.get(ctx.arco) ?? 0;
        turns.set(ctx.arco, turn + 1);
        const pool = pools.get(ctx.arco)!;
        ctx.worker = pool[turn % pool.length];
        ctx.post = pick(ctx.worker.postIds);
        return { ...req, method: 'POST', path: `/api/wall/posts/${ctx.post}/like`, headers: bearer(ctx.worker.token) };
      },
    },
    {
      setupRequest: (req, context) => {
        const ctx = context as Ctx;
        return { ...req, method: 'DELETE', path: `/api/wall/posts/${ctx.post}/like`, headers: bearer(ctx.worker!.token) };
      },
    },
    {
      setupRequest: (req, context) => ({
        ...req,
        method: 'POST',
        path: '/api/paradas-kaiser/start',
        headers: json((context as Ctx).worker!.token),
        body: '{}',
      }),
      onResponse: (status, body, context) => {
        if (status === 201) (context as Ctx).stopId = JSON.parse(body).stopId;
      },
    },
    {
      setupRequest: (req, context) => {
        const ctx = context as Ctx;
        return { ...req, method: 'PUT', path: `/api/paradas-kaiser/end/${ctx.stopId}`, headers: json(ctx.worker!.token), body: '{}' };
      },
    },
    { setupRequest: (req, context) => ({ ...req, ...form(context as Ctx, '/api/wall/posts', `Carga de prueba ${turn++}`) }) },
    {
      setupRequest: (req, context) => {
        const ctx = context as Ctx;
        return { ...req, ...form(ctx, `/api/wall/posts/${ctx.post}/comments`, `Comentario de carga ${turn++}`) };
      },
      onResponse: (_status, _body, context) => {
        const ctx = context as Ctx;
        if (ctx.arco !== undefined) free.push(ctx.arco);
      },
    },
  ];
}

/**
 * The wall under live use: each worker reads their wall eight times, likes a post of it, reads eight
 * times more and takes the like back, so one request in nine is a write that makes the station's
 * cached page stale (and the next read of that wall loads it again).
 */
function wallWithLikes(): Request[] {
  const reads = (token: string): Request[] =>
    Array.from({ length: 8 }, () => ({ method: 'GET', path: '/api/wall/posts', headers: bearer(token) }));
  return (spec.workers ?? []).flatMap((w) => {
    const like = `/api/wall/posts/${w.postIds[w.postIds.length - 1]}/like`;
    return [
      ...reads(w.token),
      { method: 'POST', path: like, headers: bearer(w.token) },
      ...reads(w.token),
      { method: 'DELETE', path: like, headers: bearer(w.token) },
    ] satisfies Request[];
  });
}

/**
 * The first few answers of the write mix that were not 2xx, on stderr: which step of the sequence, and
 * what the server said. (Only there: reading every body would slow the load generator on the GETs.)
 */
let reported = 0;
const report = (request: Request, step: number): Request => ({
  ...request,
  onResponse: (status, body, context) => {
    if ((status < 200 || status >= 300) && reported++ < 5) {
      process.stderr.write(`${spec.name}: step ${step} answered ${status} ${body.slice(0, 200)}\n`);
    }
    request.onResponse?.(status, body, context);
  },
});
const requests = spec.kind === 'write-mix' ? writeMix().map(report) : { get: getRequests, 'wall-likes': wallWithLikes }[spec.kind]();

const startCpu = process.cpuUsage();
const result = await autocannon({
  url: spec.baseUrl,
  connections: spec.connections,
  duration: spec.durationSeconds,
  timeout: 30,
  requests,
});

/** This process's CPU per answer: on 2 cores, the load generator and the server share the machine. */
function generatorCpu(): number {
  const used = process.cpuUsage(startCpu);
  return (used.user + used.system) / Math.max(1, result.requests.total);
}

const out: CannonResult = {
  name: spec.name,
  requests: result.requests.total,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  clientCpuPerRequest: generatorCpu(),
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
};
process.stdout.write(`${JSON.stringify(out)}\n`);
