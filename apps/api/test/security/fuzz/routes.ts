import { idSchema } from '@portal/contract/common';
import { tramoCreateFields, tramoUpdateFields } from '@portal/contract/tramos';
import { commentDraft, postDraft } from '@portal/contract/wall';
import { z } from 'zod';
import type { RouteEntry } from '../../../src/plugins/auth';
import type { JsonSchema } from './schema-arbitrary';

export interface ParamSpec {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface MultipartSpec {
  /** The form field the handler reads the image from. */
  fileField: string;
  fields: Record<string, JsonSchema>;
  required: string[];
}

/** Everything the fuzzer knows about one route: from the OpenAPI document, or the contract for forms. */
export interface RouteSpec extends RouteEntry {
  key: string;
  pathParams: ParamSpec[];
  query: ParamSpec[];
  /** JSON body schema, when the route takes one. */
  body?: JsonSchema;
  multipart?: MultipartSpec;
  /** A write route that takes no body (the fuzzer still sends it bodies). */
  bodyless?: boolean;
}

const formFields = (schema: z.ZodType, extra: Record<string, z.ZodType> = {}) => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const fields: Record<string, JsonSchema> = { ...(json.properties ?? {}) };
  for (const [k, v] of Object.entries(extra)) fields[k] = z.toJSONSchema(v, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // A form field always travels as text: the image flag of the wall drafts is the file part instead.
  delete fields.image;
  return { fields, required: (json.required ?? []).filter((k) => k !== 'image') };
};

/**
 * Multipart routes read their form in the handler, so OpenAPI shows no body for them: their fields
 * come from the same contract schemas the services validate with.
 */
export const multipartRoutes: Record<string, MultipartSpec> = {
  'POST /api/tramos': { fileField: 'imagen', ...formFields(tramoCreateFields) },
  'PUT /api/tramos/:id': { fileField: 'imagen', ...formFields(tramoUpdateFields) },
  'POST /api/wall/posts': { fileField: 'image', ...formFields(postDraft, { arco_sumergido_id: idSchema }) },
  'PUT /api/wall/posts/:id': { fileField: 'image', ...formFields(postDraft) },
  'POST /api/wall/posts/:id/comments': { fileField: 'image', ...formFields(commentDraft) },
  'PUT /api/wall/posts/:postId/comments/:id': { fileField: 'image', ...formFields(commentDraft) },
  // A lot's 3.1 certificate: the file alone (docs/decisions/076-lot-certificates.md).
  'POST /api/welds/lots/:id/certificate': { fileField: 'certificado', fields: {}, required: [] },
};

/** Write routes that take no body by design (DELETE routes never do). */
export const bodylessWrites = new Set([
  'POST /api/wall/posts/:id/like',
  'POST /api/admin/users/:id/unlock',
  'POST /api/admin/arcos-sumergidos/:id/machine/key',
  'POST /api/admin/arcos-sumergidos/:id/terminal-codes',
  'POST /api/terminal/heartbeat',
  'POST /api/admin/terminals/:id/revoke',
  'POST /api/admin/terminals/:id/pin-unlock',
  'POST /api/handovers/:id/confirm',
  'POST /api/andon/calls/:id/ack',
  'POST /api/andon/calls/:id/arrive',
  'POST /api/andon/calls/:id/resolve',
  'POST /api/welds/procedures/:id/revisions/:revision/approve',
  'POST /api/welds/lots/:id/unblock',
  'POST /api/telemetry/runs/current/end',
  // Retired: answers 410 whatever it is sent (docs/decisions/056-shift-figures-across-a-month.md).
  'PUT /api/admin/downtime/planned-hours',
]);

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * One spec per route of the route table. A route the fuzzer cannot build requests for (absent
 * from the OpenAPI document, a body that is not JSON, a write route with neither a JSON body nor a
 * known form) is returned in `missing`, and the suite fails on it.
 */
export function routeSpecs(routes: RouteEntry[], doc: OpenApiDocument): { specs: RouteSpec[]; missing: string[] } {
  const specs: RouteSpec[] = [];
  const missing: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    if (route.url.startsWith('/api/docs')) continue;
    const op = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!op) {
      missing.push(`${key}: not in the OpenAPI document`);
      continue;
    }
    const params = op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: true }));
    const declared = new Set(pathParams.map((p) => p.name));
    for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
      if (!declared.has(name.slice(1))) pathParams.push({ name: name.slice(1), schema: { type: 'string' }, required: true });
    }
    const query = params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required }));
    const spec: RouteSpec = { ...route, key, pathParams, query };
    const content = op.requestBody?.content;
    if (content) {
      const jsonBody = content['application/json']?.schema;
      if (!jsonBody) {
        missing.push(`${key}: body in ${Object.keys(content).join(', ')}, no generator`);
        continue;
      }
      spec.body = jsonBody;
    } else if (multipartRoutes[key]) {
      spec.multipart = multipartRoutes[key];
    } else if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
      if (!bodylessWrites.has(key)) {
        missing.push(`${key}: a write route with no JSON body and no form generator`);
        continue;
      }
      spec.bodyless = true;
    } else if (route.method === 'DELETE') {
      spec.bodyless = true;
    }
    specs.push(spec);
  }
  return { specs, missing };
}
