import fc from 'fast-check';

/** 100 KB of text: far past every length rule, well under the 1 MB body limit. */
export const HUGE = 'A'.repeat(100 * 1024);
/** 100 KB of multi-byte text (emoji are 4 bytes in UTF-8, 2 UTF-16 units in JS). */
export const HUGE_UNICODE = '😀'.repeat(25 * 1024);

/** Strings that break naive parsing, storage or display. */
export const hostileStrings: string[] = [
  '',
  ' ',
  '   \t\n  ',
  HUGE,
  HUGE_UNICODE,
  '\u0000',
  'abc\u0000def',
  '\u202Eabc\u202Cdef',
  'مرحبا بالعالم',
  'שָׁלוֹם',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  'Z̷̢̛̛̖̺͎̹̥̤͕̪̜̗̙̹͈̤̆̀̂͊̈́͗̊͂̏̕͝a̵̧̢̛͓̞̜̪̲̥̝̘̭̟̓̐̿̀͑̍̐̈́l̸̨̡̺̲̖̲̘̼̙͍̝̺̓͐̑̍͗̅̕͜͝g̴̢̛̥̗̖͙̦̺̰̋̾͑̀́̈́̇̚ǒ̶̢̩̠̫̫̦̳͕̲͙̦͓̃̓̽̈́͆͜',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u200B\u200B\u200B',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '1e99',
  '-1',
  '0',
  '0x1F',
  '1_000',
  ' 12 ',
  '１２',
  '٣',
  '9999999999',
  '99999999999999999999999',
  '-0',
  '1.5',
  '2024-02-30',
  '2024-13-01',
  '0000-00-00',
  '9999-12-31',
  '+275760-09-13',
  '2024-01-01T25:00:00Z',
  '2024-01-01T10:00:00',
  '2099-01-01T00:00:00.000Z',
  '1970-01-01T00:00:00.000Z',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '{{7*7}}',
  `\${process.exit()}`, // a template-injection probe, on purpose
  '__proto__',
  'constructor',
];

/** Numbers at and beyond every boundary a schema could have. */
export const hostileNumbers: number[] = [
  -1,
  0,
  -0,
  1.5,
  -2147483649,
  2147483648,
  4294967296,
  9999999999,
  Number.MAX_SAFE_INTEGER + 2,
  1e99,
  -1e99,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** JSON values that are not what a scalar field expects. */
export const hostileStructures: unknown[] = [
  null,
  true,
  false,
  [],
  [1, 2, 3],
  ['a'],
  [null],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { nested: { deeper: { deepest: [1, { a: 'b' }] } } },
];

/** Any hostile JSON value (what goes where a field should be). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileStructures) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Plausible text with a NUL inside: long enough to pass the length rules and reach the database.
  {
    weight: 2,
    arbitrary: fc.tuple(fc.string({ minLength: 3, maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** A hostile value as it can travel in a URL, a query string or a form field: text. */
export const hostileText: fc.Arbitrary<string> = hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))));

/**
 * Path segments for `:id`-like params, already in URL form: some encoded, some raw on purpose
 * (`../`, a stray `%`), since a hostile client is not bound to encode them.
 */
export const hostileIdSegments: string[] = [
  '-1',
  '0',
  '00',
  '1e99',
  '1e3',
  'abc',
  '..',
  '../',
  '..%2f',
  '%2e%2e%2f',
  '%2e%2e',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%00',
  '1%00',
  '%ZZ',
  '%',
  '9999999999',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '0x10',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '%20',
  '%201',
  '%E2%80%AE1',
  '%F0%9F%98%80',
  '%C0%AE%C0%AE',
  '%5B%5D',
  '%7B%7D',
  'A'.repeat(300),
  '1'.repeat(300),
  ':id',
];

/** Field names a body or a form may carry in addition to the real ones. */
export const extraFieldNames: string[] = [
  'role',
  'user_id',
  'id',
  'like_count',
  'comment_count',
  'token_version',
  'password_hash',
  'created_at',
  'nave_id',
  'is_admin',
  '__proto__',
  'constructor',
  'prototype',
  '',
  '😀',
  'a'.repeat(300),
];

/** Bodies that claim to be JSON and are not (or are JSON no route expects). */
export const malformedJsonBodies: string[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":1}{"b":2}',
  '['.repeat(5000) + ']'.repeat(5000),
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  `{"big":${'9'.repeat(400)}}`,
  '{"a":"\\ud800"}',
  '\uFEFF{}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  'null',
  '0',
  '"text"',
  'true',
  '[]',
];

/** Content types a JSON route should not accept as JSON (or a broken version of JSON's). */
export const oddContentTypes: string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/jpeg',
  'application/jsonx',
  'application/vnd.api+json',
  ';;;',
  'application/json; boundary="x',
];
