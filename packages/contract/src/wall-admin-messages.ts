import { wallMessages } from './wall-messages';

/**
 * The texts of the admin's lists of posts and comments and of their edit dialog, zod-free and apart
 * from wall-messages.ts, so that the wall's first screen does not carry them.
 */
export const wallAdminTexts = {
  /** The list of every post: its title, states, notices and the items' names. */
  posts: {
    title: 'Publicaciones del Muro',
    loading: 'Cargando publicaciones...',
    loadFallback: wallMessages.loadPostsFallback,
    empty: wallMessages.adminEmptyPosts,
    confirmDelete: wallMessages.confirmDeletePost,
    deleted: wallMessages.postDeleted,
    deleteFallback: wallMessages.deletePostFallback,
    updated: wallMessages.postUpdated,
    one: 'publicación',
    many: 'publicaciones',
  },
  /** The list of every comment, as `posts`. */
  comments: {
    title: 'Comentarios del Muro',
    loading: wallMessages.loadingComments,
    loadFallback: wallMessages.loadCommentsFallback,
    empty: wallMessages.adminEmptyComments,
    confirmDelete: wallMessages.confirmDeleteComment,
    deleted: wallMessages.commentDeleted,
    deleteFallback: wallMessages.deleteCommentFallback,
    updated: wallMessages.commentUpdated,
    one: 'comentario',
    many: 'comentarios',
  },
  editPost: 'Editar Publicación',
  editComment: 'Editar Comentario',
  // The columns of the table (the cards show the same).
  date: 'Fecha',
  author: 'Autor',
  where: 'Dónde',
  content: 'Contenido',
  imageOnly: '(imagen)',
  likes: 'Me gusta',
  commentsColumn: 'Comentarios',
  likesCount: (n: number) => `Me gusta: ${n}`,
  commentsCount: (n: number) => `Comentarios: ${n}`,
  noArco: 'Sin arco',
  /** The post a comment belongs to. */
  ofPost: (id: number) => `Publicación #${id}`,
  /** A row's name for screen readers and the bulk confirmation: 'publicación de Ana del 28/11/2026 07:00'. */
  rowLabel: (one: string, name: string, when: string) => `${one} de ${name} del ${when}`,
  // The edit dialog's fields.
  wallName: 'Nombre del muro',
  newImage: 'Nueva imagen (opcional)',
} as const;
