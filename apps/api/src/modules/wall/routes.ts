import { errorResponse, idParams, messageResponse } from '@portal/contract/common';
import {
  commentParams,
  commentResponse,
  likeResponse,
  pageQuery,
  postResponse,
  postsQuery,
  wallComment,
  wallMessages,
  wallPost,
} from '@portal/contract/wall';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../../plugins/uploads';
import { type Encoded, preferredEncoding, WallPageCache } from './page-cache';
import * as wall from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const uploadErrors = { ...errors, 413: errorResponse, 415: errorResponse };
/** Multipart bodies are read by the handler (readMultipart), so the schema only documents them. */
const multipartDoc = { consumes: ['multipart/form-data'] };
const user = { policy: 'user' } as const;
const tags = ['wall'];

/**
 * Sends a body that is already JSON (UTF-8 bytes, possibly compressed): the page cache serialized it
 * from typed WallPost objects (its answers are checked against the schema, strictly, by
 * test/wall-cache.test.ts), so Fastify passes it through unchanged. The answer depends on
 * Accept-Encoding, which caches in between are told.
 */
function sendJson(reply: FastifyReply, { body, encoding }: Encoded) {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  reply.send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    wallPages: WallPageCache;
  }
}

export default async function wallRoutes(app: App) {
  const pages = new WallPageCache(app.config.wallCacheMs);
  app.decorate('wallPages', pages);
  const unwatch = app.events.watch(pages.watcher);
  app.addHook('onClose', async () => unwatch());

  app.get(
    '/wall/posts',
    { config: user, schema: { tags, querystring: postsQuery, response: { 200: z.array(wallPost), ...errors } } },
    // Not an async handler: a cached page is sent at once, with no promise to settle (issue 8).
    (request, reply) => {
      const answer = wall.listPosts(app, currentUser(request), request.query, preferredEncoding(request.headers['accept-encoding']));
      if (answer instanceof Promise) return answer.then((ready) => sendJson(reply, ready));
      sendJson(reply, answer);
    },
  );

  app.post(
    '/wall/posts',
    { config: user, schema: { tags, ...multipartDoc, response: { 201: postResponse, ...uploadErrors } } },
    async (request, reply) => {
      const me = currentUser(request);
      const post = await wall.createPost(app, me, await readMultipart(request, 'image'));
      return reply.status(201).send({ message: wallMessages.postCreated, post });
    },
  );

  app.put(
    '/wall/posts/:id',
    { config: user, schema: { tags, ...multipartDoc, params: idParams, response: { 200: postResponse, ...uploadErrors } } },
    async (request) => {
      const post = await wall.updatePost(app, currentUser(request), request.params.id, await readMultipart(request, 'image'));
      return { message: wallMessages.postUpdated, post };
    },
  );

  app.delete(
    '/wall/posts/:id',
    { config: user, schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await wall.deletePost(app, currentUser(request), request.params.id);
      return { message: wallMessages.postDeleted };
    },
  );

  app.post(
    '/wall/posts/:id/like',
    { config: user, schema: { tags, params: idParams, response: { 200: likeResponse, ...errors } } },
    async (request) => ({ message: wallMessages.liked, ...(await wall.like(app, currentUser(request), request.params.id)) }),
  );

  app.delete(
    '/wall/posts/:id/like',
    { config: user, schema: { tags, params: idParams, response: { 200: likeResponse, ...errors } } },
    async (request) => ({ message: wallMessages.unliked, ...(await wall.unlike(app, currentUser(request), request.params.id)) }),
  );

  app.get(
    '/wall/posts/:id/comments',
    { config: user, schema: { tags, params: idParams, response: { 200: z.array(wallComment), ...errors } } },
    async (request) => wall.listComments(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/wall/posts/:id/comments',
    { config: user, schema: { tags, ...multipartDoc, params: idParams, response: { 201: commentResponse, ...uploadErrors } } },
    async (request, reply) => {
      const comment = await wall.addComment(app, currentUser(request), request.params.id, await readMultipart(request, 'image'));
      return reply.status(201).send({ message: wallMessages.commentCreated, comment });
    },
  );

  app.get(
    '/wall/comments',
    { config: { policy: 'admin' }, schema: { tags, querystring: pageQuery, response: { 200: z.array(wallComment), ...errors } } },
    async (request) => wall.listAllComments(app.db, request.query),
  );

  app.put(
    '/wall/posts/:postId/comments/:id',
    { config: user, schema: { tags, ...multipartDoc, params: commentParams, response: { 200: commentResponse, ...uploadErrors } } },
    async (request) => {
      const { postId, id } = request.params;
      const comment = await wall.updateComment(app, currentUser(request), postId, id, await readMultipart(request, 'image'));
      return { message: wallMessages.commentUpdated, comment };
    },
  );

  app.delete(
    '/wall/posts/:postId/comments/:id',
    { config: user, schema: { tags, params: commentParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await wall.deleteComment(app, currentUser(request), request.params.postId, request.params.id);
      return { message: wallMessages.commentDeleted };
    },
  );
}
