/**
 * A route's serializer (Fastify's `serializerCompiler` route option) that writes the answer as JSON
 * without checking it against the response schema first, as the app's serializer does: for an answer
 * too large to check on every call. The timeline's week of 50 arcos is some 13,000 bars, and zod's
 * check of them cost about 10 ms of CPU a call, a fifth of its 50 ms budget
 * (docs/decisions/072-timeline-bars-by-json-functions.md). The handler's return type is still the
 * schema's (the type provider), the OpenAPI document still shows the schema, and the API tests parse
 * the route's answers with it.
 */
export const uncheckedJson = () => (data: unknown) => JSON.stringify(data);
