import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger and z.toJSONSchema write it) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
}

const json = fc.jsonValue({ maxDepth: 2 });

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  // Calendar dates: digits in that shape are rarely a real date, and a real one gets further.
  if (s.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot invert: plain text still reaches the validator.
    }
  }
  const minLength = s.minLength ?? 0;
  // Valid-looking values stay short; the hostile layer brings the huge ones.
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 30, minLength + 30));
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : undefined;
  const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : undefined;
  if (integer) return fc.integer({ min: min ?? -1000, max: max ?? 1_000_000 });
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
}

/**
 * A value that follows the schema (as far as JSON Schema tells: refinements such as "start before
 * end" are not in it), so that requests get past the shape checks and reach the deeper rules.
 */
export function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return json;
  const base = baseFor(schema);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function baseFor(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(valueFor));
  if (s.allOf?.length) return valueFor(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(s.items), { maxLength: 3 });
    case 'object':
      return objectFor(s);
    default:
      return s.properties ? objectFor(s) : json;
  }
}

function objectFor(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = valueFor(v);
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
}

/** Properties and required keys of an object schema (empty for anything else). */
export function objectShape(schema: JsonSchema | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  return { properties: schema?.properties ?? {}, required: schema?.required ?? [] };
}
