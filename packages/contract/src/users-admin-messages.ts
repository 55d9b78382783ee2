/**
 * The texts of the admin's 'Gestión de Usuarios' (the list, a user's card, the role change's
 * confirmation), zod-free and apart from users.ts, whose texts the worker's profile loads.
 */
export const userAdminTexts = {
  title: 'Gestión de Usuarios',
  search: 'Nombre o ID de trabajador',
  sortBy: 'Ordenar por',
  roleLabels: { user: 'Usuario', admin: 'Administrador' },
  sortLabels: { name: 'Nombre (A-Z)', worker_id: 'ID de trabajador', created: 'Más recientes' },
  // A user's card.
  workerId: 'ID:',
  role: 'Rol',
  newPassword: 'Nueva contraseña',
  resetPassword: 'Restablecer',
  resetting: 'Restableciendo...',
  unlock: 'Desbloquear inicio de sesión',
  remove: 'Eliminar',
  // The role change's confirmation: '¿Cambiar el rol de <name> (<worker id>) a <role>?'.
  confirmRoleTitle: 'Confirmar cambio de rol',
  changeRole: 'Cambiar rol',
  changingRole: 'Cambiando...',
  confirmRoleBefore: '¿Cambiar el rol de',
  confirmRoleTo: 'a',
} as const;
