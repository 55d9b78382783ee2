import fc from 'fast-check';
import { extraFieldNames, HUGE, hostileIdSegments, hostileText, hostileValue, malformedJsonBodies, oddContentTypes } from './hostile';
import { buildMultipart, type Malformation, type RawPart } from './multipart';
import type { ParamSpec, RouteSpec } from './routes';
import { type JsonSchema, objectShape, valueFor } from './schema-arbitrary';

/** One generated request, with the kind of mischief it carries (for failure reports and statistics). */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

export interface FuzzFiles {
  /** A small valid PNG: with it, form requests can pass every check and be accepted. */
  png: Buffer;
  /** The same PNG cut in half. */
  truncatedPng: Buffer;
}

/** Ids of records that exist, per path param, so the deeper rules (ownership, body checks) run too. */
export type RealIds = (route: RouteSpec, param: string) => string[];

/** Percent-encodes any text, lone surrogates included (as the bytes Node would send for them). */
const enc = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...Buffer.from(v, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
};
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

function pathSegment(route: RouteSpec, param: ParamSpec, realIds: RealIds): fc.Arbitrary<string> {
  const real = realIds(route, param.name);
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...hostileIdSegments) },
    { weight: 4, arbitrary: real.length ? fc.constantFrom(...real) : fc.constant('999999') },
    { weight: 1, arbitrary: fc.constantFrom('999999', '2147483647', '1000000') },
    { weight: 2, arbitrary: hostileText.map(enc) },
  );
}

function pathFor(route: RouteSpec, realIds: RealIds): fc.Arbitrary<string> {
  if (!route.pathParams.length) return fc.constant(route.url);
  return fc.tuple(...route.pathParams.map((p) => pathSegment(route, p, realIds))).map((segments) => {
    let url = route.url;
    route.pathParams.forEach((p, i) => {
      url = url.replace(`:${p.name}`, segments[i]);
    });
    return url;
  });
}

/** Values for a named field: the schema's, plus real ones for fields that name a record or a site. */
function fieldValue(route: RouteSpec, name: string, schema: JsonSchema, realIds: RealIds): fc.Arbitrary<unknown> {
  if (/date$|fecha/i.test(name))
    return fc.oneof(
      valueFor(schema),
      recentDate.map((d) => d.toISOString().slice(0, 10)),
    );
  if (/_time$/.test(name))
    return fc.oneof(
      valueFor(schema),
      recentDate.map((d) => d.toISOString()),
    );
  const real = name === 'nave' ? ['Nave 1', 'Nave 2'] : realIds(route, name);
  return real.length ? fc.oneof(valueFor(schema), fc.constantFrom(...real)) : valueFor(schema);
}

/** The last thirty days: dates and instants the rules about "today" and "not in the future" accept. */
const recentDate = fc.integer({ min: 1, max: 30 * 24 * 60 }).map((minutesAgo) => new Date(Date.now() - minutesAgo * 60_000));

type QueryPairs = [string, string][];

function validQuery(route: RouteSpec, realIds: RealIds): fc.Arbitrary<QueryPairs> {
  const params = route.query;
  if (!params.length) return fc.constant([]);
  return fc
    .tuple(
      ...params.map((p) => {
        const value = fieldValue(route, p.name, p.schema, realIds);
        return p.required ? value : fc.option(value, { nil: undefined });
      }),
    )
    .map((values) => params.flatMap((p, i): QueryPairs => (values[i] === undefined ? [] : [[p.name, asText(values[i])]])));
}

/** Query strings: valid-looking ones with one mischief (a hostile value, a repeat, an extra or raw garbage). */
function queryFor(route: RouteSpec, realIds: RealIds): fc.Arbitrary<{ query: string; kind: string }> {
  const names = route.query.map((p) => p.name);
  const encodePairs = (pairs: QueryPairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const options: fc.WeightedArbitrary<{ query: string; kind: string }>[] = [
    { weight: 2, arbitrary: validQuery(route, realIds).map((pairs) => ({ query: encodePairs(pairs), kind: 'query-valid' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(validQuery(route, realIds), fc.constantFrom(...(names.length ? names : ['q'])), hostileText)
        .map(([pairs, name, value]) => ({
          query: encodePairs([...pairs.filter(([k]) => k !== name), [name, value]]),
          kind: 'query-hostile-value',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validQuery(route, realIds), fc.constantFrom(...(names.length ? names : ['q'])), hostileText, hostileText)
        .map(([pairs, name, a, b]) => ({ query: encodePairs([...pairs, [name, a], [name, b]]), kind: 'query-repeated' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validQuery(route, realIds), fc.constantFrom(...extraFieldNames), hostileText)
        .map(([pairs, name, value]) => ({ query: encodePairs([...pairs, [name, value]]), kind: 'query-extra' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '%ZZ',
          '%',
          'a=%E0%A4%A',
          '%00=%00',
          '&&&==&',
          '=',
          'limit[]=1',
          'limit[a]=1',
          '__proto__[role]=admin',
          'constructor[prototype][x]=1',
          `${names[0] ?? 'x'}=${'9'.repeat(5000)}`,
          `${names[0] ?? 'x'}=${enc(HUGE)}`,
          names.map((n) => `${n}=`).join('&') || '=',
          '?',
          '#x',
        )
        .map((query) => ({ query, kind: 'query-raw' })),
    },
  ];
  return fc.oneof(...options);
}

const jsonHeaders = { 'content-type': 'application/json' };

/** A JSON body: a valid-looking one with one mischief, or something that is not the JSON it should be. */
function jsonBodyFor(
  route: RouteSpec,
  realIds: RealIds,
): fc.Arbitrary<{ payload?: string; headers: Record<string, string>; kind: string }> {
  const { properties, required } = objectShape(route.body);
  const fields = Object.keys(properties);
  const base: fc.Arbitrary<unknown> = fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(route, f, properties[f], realIds)])), {
        requiredKeys: required.filter((k) => fields.includes(k)),
      })
    : valueFor(route.body);
  const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as object) } : {});
  const options: fc.WeightedArbitrary<{ payload?: string; headers: Record<string, string>; kind: string }>[] = [
    { weight: 2, arbitrary: base.map((v) => ({ payload: JSON.stringify(v), headers: jsonHeaders, kind: 'body-valid' })) },
    {
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...(fields.length ? fields : ['x'])), hostileValue).map(([v, field, value]) => ({
        payload: JSON.stringify({ ...asObject(v), [field]: value }),
        headers: jsonHeaders,
        kind: 'body-hostile-field',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom(...(required.length ? required : fields.length ? fields : ['x']))).map(([v, field]) => {
        const o = asObject(v);
        delete o[field];
        return { payload: JSON.stringify(o), headers: jsonHeaders, kind: 'body-missing-field' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.uniqueArray(fc.constantFrom(...extraFieldNames), { minLength: 1, maxLength: 4 }), hostileValue)
        .map(([v, names, value]) => {
          const extra = Object.fromEntries(names.map((n, i) => [n, i === 0 && n === 'role' ? 'admin' : value]));
          return { payload: JSON.stringify({ ...asObject(v), ...extra }), headers: jsonHeaders, kind: 'body-extra-fields' };
        }),
    },
    {
      weight: 1,
      arbitrary: hostileValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', headers: jsonHeaders, kind: 'body-whole-hostile' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...malformedJsonBodies).map((payload) => ({ payload, headers: jsonHeaders, kind: 'body-malformed-json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(base, fc.constantFrom(...oddContentTypes)).map(([v, type]) => ({
        payload: JSON.stringify(v),
        headers: { 'content-type': type },
        kind: 'body-wrong-content-type',
      })),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {}, kind: 'body-absent' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(1, 2).map((n) => ({
        // Just past the 1 MB body limit, or a 100 KB value inside a valid shape.
        payload:
          n === 1 ? JSON.stringify({ x: 'A'.repeat(1024 * 1024 + 1) }) : JSON.stringify(Object.fromEntries(fields.map((f) => [f, HUGE]))),
        headers: jsonHeaders,
        kind: n === 1 ? 'body-over-limit' : 'body-huge-fields',
      })),
    },
  ];
  return fc.oneof(...options);
}

/** Bodies sent to routes that take none, and GETs: servers must ignore or refuse them cleanly. */
function strayBodyFor(): fc.Arbitrary<{ payload?: string; headers: Record<string, string>; kind: string }> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({ headers: {}, kind: 'no-body' }) },
    { weight: 1, arbitrary: hostileValue.map((v) => ({ payload: JSON.stringify(v) ?? 'null', headers: jsonHeaders, kind: 'stray-json' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...malformedJsonBodies).map((payload) => ({ payload, headers: jsonHeaders, kind: 'stray-malformed' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...oddContentTypes)
        .map((type) => ({ payload: 'x=1', headers: { 'content-type': type }, kind: 'stray-content-type' })),
    },
  );
}

const hostileFileNames = [
  'foto.jpg',
  '../../etc/passwd.jpg',
  '..\\..\\x.png',
  '/etc/passwd',
  '',
  '.',
  '..',
  'a'.repeat(1000),
  'foto\u0000.jpg.php',
  '\u202Egnp.exe',
  'x"; name="role',
  'ñandú 😀.png',
  '%2e%2e%2fx.png',
];

function filePart(fileField: string, files: FuzzFiles): fc.Arbitrary<RawPart> {
  return fc
    .tuple(
      fc.constantFrom<Buffer | string>(
        files.png,
        files.png,
        files.truncatedPng,
        Buffer.alloc(0),
        '<html><script>alert(1)</script></html>',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
        Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      ),
      fc.constantFrom(...hostileFileNames),
      fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'image/svg+xml', 'application/octet-stream', '', 'ima\u0000ge/png'),
    )
    .map(([data, filename, contentType]) => ({ name: fileField, filename, contentType: contentType || undefined, data }));
}

/** Multipart bodies for the form routes: valid-looking forms with one mischief, odd parts, broken framing. */
function multipartBodyFor(
  route: RouteSpec,
  realIds: RealIds,
  files: FuzzFiles,
): fc.Arbitrary<{ payload?: string | Buffer; headers: Record<string, string>; kind: string }> {
  const form = route.multipart;
  if (!form) throw new Error(`${route.key} has no form`);
  const names = Object.keys(form.fields);
  const fieldsArb = fc
    .tuple(
      ...names.map((n) => {
        const value = fieldValue(route, n, form.fields[n], realIds);
        return form.required.includes(n) ? value : fc.option(value, { nil: undefined });
      }),
    )
    .map((values) => names.flatMap((n, i): RawPart[] => (values[i] === undefined ? [] : [{ name: n, data: asText(values[i]) }])));
  const withFile = fc.tuple(fieldsArb, fc.option(filePart(form.fileField, files), { nil: undefined, freq: 2 }));
  const build = (parts: RawPart[], kind: string, malformation: Malformation = 'none') => {
    const built = buildMultipart(parts, malformation);
    return { payload: built.payload, headers: { 'content-type': built.contentType }, kind };
  };
  const field = fc.constantFrom(...(names.length ? names : ['x']));
  return fc.oneof(
    { weight: 2, arbitrary: withFile.map(([parts, file]) => build(file ? [...parts, file] : parts, 'form-valid')) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(withFile, field, hostileText)
        .map(([[parts, file], name, value]) =>
          build([...parts.filter((p) => p.name !== name), { name, data: value }, ...(file ? [file] : [])], 'form-hostile-field'),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(withFile, field)
        .map(([[parts, file], name]) => build([...parts.filter((p) => p.name !== name), ...(file ? [file] : [])], 'form-missing-field')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldsArb, fc.uniqueArray(fc.constantFrom(...extraFieldNames), { minLength: 1, maxLength: 4 }), hostileText)
        .map(([parts, extra, value]) =>
          build([...parts, ...extra.map((name) => ({ name, data: name === 'role' ? 'admin' : value }))], 'form-extra-fields'),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldsArb, field, hostileText)
        .map(([parts, name, value]) => build([...parts, { name, data: value }, { name, data: value }], 'form-duplicate-field')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldsArb, field, filePart(form.fileField, files))
        .map(([parts, name, file]) => build([...parts.filter((p) => p.name !== name), { ...file, name }], 'form-file-in-text-field')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldsArb, hostileText)
        .map(([parts, value]) => build([...parts, { name: form.fileField, data: value }], 'form-text-in-file-field')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldsArb, filePart(form.fileField, files), filePart(form.fileField, files))
        .map(([parts, a, b]) => build([...parts, a, b], 'form-two-files')),
    },
    {
      weight: 1,
      arbitrary: fieldsArb.map((parts) =>
        build([...parts, ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: 'x' }))], 'form-too-many-fields'),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fieldsArb, field)
        .map(([parts, name]) => build([...parts.filter((p) => p.name !== name), { name, data: HUGE }], 'form-huge-field')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fieldsArb,
          fc.constantFrom<RawPart>(
            { data: 'sin nombre' },
            { name: '', data: 'x' },
            { name: 'a"b', data: 'x' },
            { name: 'x'.repeat(500), data: 'x' },
            { name: '__proto__', data: 'x' },
            { name: 'constructor', data: 'x' },
            { rawHeaders: 'X-Nothing: here', data: 'x' },
            { rawHeaders: 'Content-Disposition: attachment; name="content"', data: 'x' },
            { rawHeaders: `Content-Disposition: form-data; name*=UTF-8''%F0%9F%98%80`, data: 'x' },
            { rawHeaders: `Content-Disposition: form-data; name="${form.fileField}"; filename*=UTF-8''..%2F..%2Fx.png`, data: files.png },
            { name: form.fileField, filename: 'x.png', contentType: 'image/png', rawHeaders: 'Content-Type: image/png', data: files.png },
          ),
        )
        .map(([parts, odd]) => build([...parts, odd], 'form-odd-part')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          withFile,
          fc.constantFrom<Malformation>('no-terminator', 'truncated', 'wrong-boundary', 'no-boundary', 'preamble-only', 'crlf-only'),
        )
        .map(([[parts, file], malformation]) => build(file ? [...parts, file] : parts, `form-${malformation}`, malformation)),
    },
    {
      weight: 1,
      arbitrary: fieldsArb.map((parts) => ({
        payload: JSON.stringify(Object.fromEntries(parts.map((p) => [p.name, String(p.data)]))),
        headers: jsonHeaders,
        kind: 'form-sent-as-json',
      })),
    },
    { weight: 1, arbitrary: fc.constant({ headers: {}, kind: 'form-absent' }) },
  );
}

/** Every request the fuzzer may send to one route. */
export function requestsFor(route: RouteSpec, realIds: RealIds, files: FuzzFiles): fc.Arbitrary<FuzzRequest> {
  const body = route.multipart ? multipartBodyFor(route, realIds, files) : route.body ? jsonBodyFor(route, realIds) : strayBodyFor();
  return fc.tuple(pathFor(route, realIds), queryFor(route, realIds), body).map(([path, { query, kind: queryKind }, b]) => ({
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers: { ...b.headers },
    payload: b.payload,
    kind: `${b.kind}+${queryKind}`,
  }));
}
