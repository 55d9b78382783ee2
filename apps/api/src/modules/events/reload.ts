import type { EventPayloads } from '@portal/contract/events';
import type { Db } from '../../db/index';
import type { PublishedType } from '../../plugins/events';
import { findParada } from '../paradas/repository';
import { findCommentView, findPostView } from '../wall/repository';
import { findPostCounters } from './repository';

/** No user has id 0, so a post read "as" it is liked by nobody, as events require. */
const NOBODY = 0;

/**
 * Rebuilds the payload of an event that was too large for NOTIFY from its record's id. Undefined when
 * the record is gone by now (the event that removed it follows).
 */
export async function reloadPayload(db: Db, type: PublishedType, id: number): Promise<EventPayloads[PublishedType] | undefined> {
  switch (type) {
    case 'post.created':
    case 'post.updated': {
      const post = await findPostView(db, NOBODY, id);
      return post && { post: { ...post, is_liked_by_current_user: false } };
    }
    case 'comment.created': {
      const comment = await findCommentView(db, id);
      const post = comment && (await findPostCounters(db, comment.post_id));
      return post && { comment, comment_count: Number(post.comment_count), arco_sumergido_id: post.arco_sumergido_id };
    }
    case 'parada.started':
    case 'parada.ended': {
      const parada = await findParada(db, id);
      return parada && { parada };
    }
    default:
      return undefined;
  }
}
