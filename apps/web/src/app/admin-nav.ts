/** Entries of the admin side navigation (the /admin layout). */
export const adminNav = [
  { to: '/admin', label: 'Dashboard Admin', end: true },
  { to: '/admin/planta', label: 'Estado de planta' },
  { to: '/admin/linea-de-tiempo', label: 'Línea de tiempo' },
  { to: '/admin/relevos', label: 'Relevos de turno' },
  { to: '/admin/users', label: 'Gestionar Usuarios' },
  { to: '/admin/circulares', label: 'Circulares' },
  { to: '/admin/paradas-kaiser', label: 'Paradas Kaiser' },
  { to: '/admin/posts', label: 'Publicaciones' },
  { to: '/admin/comments', label: 'Comentarios' },
  { to: '/admin/arcos-sumergidos', label: 'Arcos Sumergidos' },
  { to: '/admin/naves', label: 'Naves' },
  { to: '/admin/motivos', label: 'Motivos de parada' },
  { to: '/admin/historial', label: 'Historial de cambios' },
] as const;
