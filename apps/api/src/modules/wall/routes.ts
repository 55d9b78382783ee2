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
import { routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import { readMultipart } from '../../plugins/uploads';
import * as wall from './service';

const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);
/** Multipart bodies are read by the handler (readMultipart), so the schema only documents them. */
const multipartDoc = { consumes: ['multipart/form-data'] };
/** New posts and comments may be queued offline and sent again: they take an Idempotency-Key (plugins/idempotency.ts). */
const route = routeOptions(['wall'], errorResponses(400, 401, 403, 404, 409));

export default async function wallRoutes(app: App, ctx: ServiceContext) {
  const pages = app.wallPages;

  app.get(
    '/wall/posts',
    route('user', { querystring: postsQuery, response: { 200: z.array(wallPost) } }),
    // Not an async handler: a cached page is sent at once (the wall's fast path, page-cache/plugin.ts).
    (request, reply) => {
      const caller = currentUser(request);
      pages.send(request, reply, wall.pageFor(caller, request.query), caller.id);
    },
  );

  app.post(
    '/wall/posts',
    route('user', { ...multipartDoc, response: { 201: postResponse } }, { idempotent: true, errors: uploadErrors }),
    async (request, reply) => {
      const me = currentUser(request);
      const post = await wall.createPost(ctx, me, await readMultipart(request, 'image'));
      return reply.status(201).send({ message: wallMessages.postCreated, post });
    },
  );

  app.put(
    '/wall/posts/:id',
    route('user', { ...multipartDoc, params: idParams, response: { 200: postResponse } }, { errors: uploadErrors }),
    async (request) => {
      const post = await wall.updatePost(ctx, currentUser(request), request.params.id, await readMultipart(request, 'image'));
      return { message: wallMessages.postUpdated, post };
    },
  );

  app.delete('/wall/posts/:id', route('user', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await wall.deletePost(ctx, currentUser(request), request.params.id);
    return { message: wallMessages.postDeleted };
  });

  app.post('/wall/posts/:id/like', route('user', { params: idParams, response: { 200: likeResponse } }), async (request) => ({
    message: wallMessages.liked,
    ...(await wall.like(ctx, currentUser(request), request.params.id)),
  }));

  app.delete('/wall/posts/:id/like', route('user', { params: idParams, response: { 200: likeResponse } }), async (request) => ({
    message: wallMessages.unliked,
    ...(await wall.unlike(ctx, currentUser(request), request.params.id)),
  }));

  app.get('/wall/posts/:id/comments', route('user', { params: idParams, response: { 200: z.array(wallComment) } }), async (request) =>
    wall.listComments(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/wall/posts/:id/comments',
    route('user', { ...multipartDoc, params: idParams, response: { 201: commentResponse } }, { idempotent: true, errors: uploadErrors }),
    async (request, reply) => {
      const comment = await wall.addComment(ctx, currentUser(request), request.params.id, await readMultipart(request, 'image'));
      return reply.status(201).send({ message: wallMessages.commentCreated, comment });
    },
  );

  app.get('/wall/comments', route('admin', { querystring: pageQuery, response: { 200: z.array(wallComment) } }), async (request) =>
    wall.listAllComments(ctx, request.query),
  );

  app.put(
    '/wall/posts/:postId/comments/:id',
    route('user', { ...multipartDoc, params: commentParams, response: { 200: commentResponse } }, { errors: uploadErrors }),
    async (request) => {
      const { postId, id } = request.params;
      const comment = await wall.updateComment(ctx, currentUser(request), postId, id, await readMultipart(request, 'image'));
      return { message: wallMessages.commentUpdated, comment };
    },
  );

  app.delete(
    '/wall/posts/:postId/comments/:id',
    route('user', { params: commentParams, response: { 200: messageResponse } }),
    async (request) => {
      await wall.deleteComment(ctx, currentUser(request), request.params.postId, request.params.id);
      return { message: wallMessages.commentDeleted };
    },
  );
}
