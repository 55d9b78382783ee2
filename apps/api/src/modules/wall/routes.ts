import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
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
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../../plugins/uploads';
import * as wall from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
/** Multipart bodies are read by the handler (readMultipart), so the schema only documents them. */
const multipartDoc = { consumes: ['multipart/form-data'] };
const user = { policy: 'user' } as const;
/** New posts and comments may be queued offline and sent again: they take an Idempotency-Key (plugins/idempotency.ts). */
const queueable = { policy: 'user', idempotent: true } as const;
const tags = ['wall'];

export default async function wallRoutes(app: App, ctx: ServiceContext) {
  const pages = app.wallPages;

  app.get(
    '/wall/posts',
    { config: user, schema: { tags, querystring: postsQuery, response: { 200: z.array(wallPost), ...errors } } },
    // Not an async handler: a cached page is sent at once (the wall's fast path, page-cache/plugin.ts).
    (request, reply) => {
      const caller = currentUser(request);
      pages.send(request, reply, wall.pageFor(caller, request.query), caller.id);
    },
  );

  app.post(
    '/wall/posts',
    { config: queueable, schema: { tags, ...multipartDoc, response: { 201: postResponse, ...uploadErrors } } },
    async (request, reply) => {
      const me = currentUser(request);
      const post = await wall.createPost(ctx, me, await readMultipart(request, 'image'));
      return reply.status(201).send({ message: wallMessages.postCreated, post });
    },
  );

  app.put(
    '/wall/posts/:id',
    { config: user, schema: { tags, ...multipartDoc, params: idParams, response: { 200: postResponse, ...uploadErrors } } },
    async (request) => {
      const post = await wall.updatePost(ctx, currentUser(request), request.params.id, await readMultipart(request, 'image'));
      return { message: wallMessages.postUpdated, post };
    },
  );

  app.delete(
    '/wall/posts/:id',
    { config: user, schema: { tags, params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await wall.deletePost(ctx, currentUser(request), request.params.id);
      return { message: wallMessages.postDeleted };
    },
  );

  app.post(
    '/wall/posts/:id/like',
    { config: user, schema: { tags, params: idParams, response: { 200: likeResponse, ...errors } } },
    async (request) => ({ message: wallMessages.liked, ...(await wall.like(ctx, currentUser(request), request.params.id)) }),
  );

  app.delete(
    '/wall/posts/:id/like',
    { config: user, schema: { tags, params: idParams, response: { 200: likeResponse, ...errors } } },
    async (request) => ({ message: wallMessages.unliked, ...(await wall.unlike(ctx, currentUser(request), request.params.id)) }),
  );

  app.get(
    '/wall/posts/:id/comments',
    { config: user, schema: { tags, params: idParams, response: { 200: z.array(wallComment), ...errors } } },
    async (request) => wall.listComments(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/wall/posts/:id/comments',
    { config: queueable, schema: { tags, ...multipartDoc, params: idParams, response: { 201: commentResponse, ...uploadErrors } } },
    async (request, reply) => {
      const comment = await wall.addComment(ctx, currentUser(request), request.params.id, await readMultipart(request, 'image'));
      return reply.status(201).send({ message: wallMessages.commentCreated, comment });
    },
  );

  app.get(
    '/wall/comments',
    { config: { policy: 'admin' }, schema: { tags, querystring: pageQuery, response: { 200: z.array(wallComment), ...errors } } },
    async (request) => wall.listAllComments(ctx, request.query),
  );

  app.put(
    '/wall/posts/:postId/comments/:id',
    { config: user, schema: { tags, ...multipartDoc, params: commentParams, response: { 200: commentResponse, ...uploadErrors } } },
    async (request) => {
      const { postId, id } = request.params;
      const comment = await wall.updateComment(ctx, currentUser(request), postId, id, await readMultipart(request, 'image'));
      return { message: wallMessages.commentUpdated, comment };
    },
  );

  app.delete(
    '/wall/posts/:postId/comments/:id',
    { config: user, schema: { tags, params: commentParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await wall.deleteComment(ctx, currentUser(request), request.params.postId, request.params.id);
      return { message: wallMessages.commentDeleted };
    },
  );
}
