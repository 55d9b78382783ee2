import { idParams } from '@portal/contract/common';
import type { FastifyContextConfig, FastifyReply, FastifySchema } from 'fastify';
import { z } from 'zod';

/** Who may call a route: the policies plugins/auth.ts declares and enforces. */
type Policy = NonNullable<FastifyContextConfig['policy']>;
/** A route's answers by status code: contract schemas. */
type Responses = Record<number, unknown>;
/** B's answers over A's, as one object type, so the reply stays typed by status. */
type Over<A, B> = { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never };

/** What a route declares itself: its schema (params, querystring, body, its own answers, description…). */
type RouteSchema = Omit<FastifySchema, 'response'> & { response?: Responses };

export interface RouteExtras<E extends Responses> {
  /** A write a phone may queue offline and send again: it takes an Idempotency-Key (plugins/idempotency.ts). */
  idempotent?: boolean;
  /** The route's error answers in place of its module's. */
  errors?: E;
}

/**
 * A module's maker of route options: the module gives its OpenAPI tags and its usual error answers
 * once, each route its policy and what is its own. `route('admin', { params: idParams, response: { 200: nave } })`
 * is `{ config: { policy: 'admin' }, schema: { tags, params: idParams, response: { 200: nave, ...errors } } }`,
 * typed the same way, so the zod type provider still types the request and the reply. A route's own
 * `tags` replace the module's; its own answers go over the module's errors.
 */
export function routeOptions<const D extends Responses>(tags: string[], errors: D) {
  return <S extends RouteSchema, const E extends Responses = D>(policy: Policy, schema: S, extras: RouteExtras<E> = {}) => ({
    config: (extras.idempotent ? { policy, idempotent: true } : { policy }) as FastifyContextConfig,
    schema: { tags, ...schema, response: { ...(extras.errors ?? errors), ...schema.response } } as Omit<S, 'response'> & {
      tags: string[];
      response: Over<E, NonNullable<S['response']>>;
    },
  });
}

/**
 * What a device posts to a public route of its arco (a machine's states, a welder's samples): the arco's
 * id, its device key in X-Device-Key, and a body in the device's own format, which the service reads.
 */
export const deviceInput = { params: idParams, headers: z.object({ 'x-device-key': z.string().optional() }), body: z.unknown() };

/** A created row's answer as the screens read it: the row under its name and the Spanish message to show. */
type Created<K extends string, T> = { [P in K]: T } & { message: string };

/**
 * Answers a create with 201: `created(reply, 'shift', service.createShift(…), shiftMessages.created)` sends
 * `{ shift: await service.createShift(…), message: shiftMessages.created }`. The reply is the route's own, so
 * its 201 schema still types what is sent (a wrong key does not compile).
 */
export async function created<const K extends string, T>(
  reply: { status(code: 201): { send: (payload: Created<K, T>) => FastifyReply } },
  key: K,
  value: Promise<T>,
  message: string,
) {
  return reply.status(201).send({ [key]: await value, message } as Created<K, T>);
}
