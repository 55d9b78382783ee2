import { errorResponses } from '@portal/contract/common';
import { adminCommentsQuery, adminParadasQuery, adminPostsQuery, adminTramosQuery, adminUsersQuery, pageOf } from '@portal/contract/paging';
import { parada } from '@portal/contract/paradas';
import { tramo } from '@portal/contract/tramos';
import { userListItem } from '@portal/contract/users';
import { wallComment, wallPost } from '@portal/contract/wall';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import * as service from './service';

const route = routeOptions(['admin lists'], errorResponses(400, 401, 403));
const description = 'One page (page from 1; pageSize 25, 50 or 100) and the total the filters match; sort and dir order it.';

/**
 * The admin screens' paged lists (the circulares' one is open to every user, as their unpaged list is). New paths, so the existing unpaged calls (GET /api/paradas-kaiser,
 * /api/tramos, /api/wall/posts, /api/wall/comments, /api/admin/users) keep answering as they do.
 */
export default async function adminListsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/lists/paradas',
    route('admin', { description, querystring: adminParadasQuery, response: { 200: pageOf(parada) } }),
    async (request) => service.listParadas(ctx, request.query),
  );
  // Every signed-in user may read every circular (GET /api/tramos), so their paged list is no admin path.
  app.get(
    '/tramos/page',
    route('user', { description, querystring: adminTramosQuery, response: { 200: pageOf(tramo) } }),
    async (request) => service.listTramos(ctx, request.query),
  );
  app.get(
    '/admin/lists/posts',
    route('admin', {
      description,
      querystring: adminPostsQuery,
      response: { 200: pageOf(wallPost.omit({ is_liked_by_current_user: true })) },
    }),
    async (request) => service.listPosts(ctx, request.query),
  );
  app.get(
    '/admin/lists/comments',
    route('admin', { description, querystring: adminCommentsQuery, response: { 200: pageOf(wallComment) } }),
    async (request) => service.listComments(ctx, request.query),
  );
  app.get(
    '/admin/lists/users',
    route('admin', { description, querystring: adminUsersQuery, response: { 200: pageOf(userListItem) } }),
    async (request) => service.listUsers(ctx, request.query),
  );
}
