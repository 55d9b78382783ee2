/**
 * The texts of the admin's lists of posts and comments and of their edit dialog, zod-free and apart
 * from wall-messages.ts, so that the wall's first screen does not carry them.
 */
export const wallAdminTexts = {
  postsTitle: 'Publicaciones del Muro',
  loadingPosts: 'Cargando publicaciones...',
  onePost: 'publicación',
  manyPosts: 'publicaciones',
  commentsTitle: 'Comentarios del Muro',
  oneComment: 'comentario',
  manyComments: 'comentarios',
  editPost: 'Editar Publicación',
  editComment: 'Editar Comentario',
  // The columns of the table (the cards show the same).
  date: 'Fecha',
  author: 'Autor',
  where: 'Dónde',
  content: 'Contenido',
  imageOnly: '(imagen)',
  likes: 'Me gusta',
  comments: 'Comentarios',
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
