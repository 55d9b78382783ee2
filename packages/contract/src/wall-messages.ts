/**
 * The wall's Spanish texts and limits, apart from the schemas (wall.ts re-exports them): the wall
 * screen paints with these before zod and the schemas load, as the login screen does with auth-messages.
 * The types are the schemas' own, in wall.ts: a type-only import of them is erased from the JavaScript,
 * so the screen imports them from there without loading zod.
 */

export const WALL_DEFAULT_NAME = 'Main';
export const POST_MAX = 500;
export const POST_MIN_WITHOUT_IMAGE = 5;
export const COMMENT_MAX = 250;
export const COMMENT_MIN_WITHOUT_IMAGE = 2;
export const WALL_PAGE_DEFAULT = 20;
export const WALL_PAGE_MAX = 100;
/** A post's comments answer at most this many, the newest (shown oldest first). */
export const COMMENTS_PER_POST_MAX = 200;

export const wallMessages = {
  // Validation rules.
  postRequired: 'El contenido o una imagen son requeridos para la publicación.',
  postMax: 'El contenido de la publicación no puede exceder los 500 caracteres.',
  postMin: 'El contenido de la publicación debe tener al menos 5 caracteres si no hay imagen.',
  postEmpty: 'El contenido de la publicación no puede estar vacío.',
  commentRequired: 'El comentario o una imagen son requeridos.',
  commentMax: 'El comentario no puede exceder los 250 caracteres.',
  commentMin: 'El comentario debe tener al menos 2 caracteres si no hay imagen.',
  commentEmpty: 'El contenido del comentario no puede estar vacío.',
  commentAdminMax: 'El contenido del comentario no puede exceder los 250 caracteres.',
  // Server texts.
  wallNameMax: 'El nombre del muro no puede exceder los 50 caracteres.',
  limitInvalid: 'El límite debe ser un número entero entre 1 y 100.',
  postNotFound: 'Publicación no encontrada.',
  commentNotFound: 'Comentario no encontrado.',
  arcoNotFound: 'El arco sumergido indicado no existe.',
  otherArco: 'No puedes acceder al muro de otro arco sumergido.',
  noArco: 'Tu sesión no tiene un arco sumergido. Inicia sesión de nuevo.',
  notAuthor: 'Solo el autor o un administrador puede modificar este contenido.',
  postCreated: 'Publicación creada con éxito.',
  commentCreated: 'Comentario añadido con éxito.',
  liked: 'Me gusta añadido.',
  unliked: 'Me gusta eliminado.',
  // Texts the screens show.
  loading: 'Cargando muro....',
  empty: 'No hay publicaciones en este muro todavía.',
  composerPlaceholder: '¿Qué estás pensando?',
  publish: 'Publicar',
  publishing: 'Publicando...',
  comment: 'Comentar',
  commenting: 'Comentando...',
  noComments: 'No hay comentarios todavía.',
  loadingComments: 'Cargando comentarios...',
  loadMore: 'Cargar más',
  loadingMore: 'Cargando...',
  commentPlaceholder: 'Escribe un comentario...',
  loadPostsFallback: 'Fallo al cargar publicaciones',
  loadCommentsFallback: 'Fallo al cargar comentarios',
  createPostFallback: 'Fallo al crear la publicación.',
  createPostNetwork: 'Ocurrió un error al crear la publicación.',
  likeFallback: 'Fallo al dar me gusta.',
  unlikeFallback: 'Fallo al quitar me gusta.',
  addCommentFallback: 'Fallo al añadir comentario.',
  addCommentNetwork: 'Ocurrió un error al añadir el comentario.',
  network: 'Ocurrió un error de red.',
  newPost: 'Nueva publicación',
  addComment: 'Añadir comentario',
  commentLabel: 'Comentario',
  likes: (n: number) => `Me gusta (${n})`,
  comments: (n: number) => `Comentarios (${n})`,
  commentsLabel: 'Comentarios',
  postImage: (name: string) => `Imagen publicada por ${name}`,
  commentImage: (name: string) => `Imagen del comentario de ${name}`,
  // Admin screens.
  adminEmptyPosts: 'No hay publicaciones en el muro.',
  adminEmptyComments: 'No hay comentarios registrados.',
  postUpdated: 'Publicación actualizada con éxito!',
  postDeleted: 'Publicación eliminada con éxito!',
  commentUpdated: 'Comentario actualizado con éxito!',
  commentDeleted: 'Comentario eliminado con éxito!',
  updatePostFallback: 'Fallo al actualizar la publicación.',
  deletePostFallback: 'Fallo al eliminar la publicación.',
  updateCommentFallback: 'Fallo al actualizar el comentario.',
  deleteCommentFallback: 'Fallo al eliminar el comentario.',
  confirmDeletePost: '¿Estás seguro de que quieres eliminar esta publicación? Se eliminarán también sus comentarios y me gusta.',
  confirmDeleteComment: '¿Estás seguro de que quieres eliminar este comentario?',
  noPostSelected: 'No hay publicación seleccionada para actualizar.',
  noCommentSelected: 'No hay comentario seleccionado para actualizar.',
} as const;
