/** Entries of the admin side navigation (the /admin layout). */
export const adminNav = [
  { to: '/admin', label: 'Dashboard Admin', end: true },
  { to: '/admin/planta', label: 'Estado de planta' },
  { to: '/admin/avisos', label: 'Avisos', end: true },
  { to: '/admin/avisos/reglas', label: 'Reglas de aviso' },
  { to: '/admin/users', label: 'Gestionar Usuarios' },
  { to: '/admin/circulares', label: 'Circulares' },
  { to: '/admin/paradas-kaiser', label: 'Paradas Kaiser' },
  { to: '/admin/posts', label: 'Publicaciones' },
  { to: '/admin/comments', label: 'Comentarios' },
  { to: '/admin/arcos-sumergidos', label: 'Arcos Sumergidos' },
  { to: '/admin/terminales', label: 'Terminales' },
  { to: '/admin/naves', label: 'Naves' },
  { to: '/admin/motivos', label: 'Motivos de parada' },
  { to: '/admin/turnos', label: 'Turnos' },
  { to: '/admin/historial', label: 'Historial de cambios' },
] as const;
