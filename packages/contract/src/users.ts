import { z } from 'zod';
import { nameSchema, workerIdSchema } from './auth';
import { ROLES, type Role } from './common';

/** How a role reads on screen; the API keeps 'user' and 'admin'. */
export const roleName = (role: Role | string) => (role === 'admin' ? 'Administrador' : role === 'user' ? 'Trabajador' : role);

export const userMessages = {
  passwordsMismatch: 'Las nuevas contraseñas no coinciden.',
  newPasswordMin: 'La nueva contraseña debe tener al menos 6 caracteres.',
  allPasswordFieldsRequired: 'Todos los campos de contraseña son obligatorios.',
  currentPasswordWrong: 'La contraseña actual es incorrecta.',
  profileRequired: 'El nombre y el ID de trabajador son obligatorios.',
  resetRequired: 'Por favor, selecciona un usuario y proporciona una nueva contraseña.',
  invalidRole: 'El rol debe ser user o admin.',
  lastAdmin: 'No se puede eliminar ni degradar al último administrador.',
  deleteSelf: 'No puedes eliminar tu propia cuenta.',
  userNotFound: 'Usuario no encontrado.',
  deletedUserName: 'Usuario eliminado',
  // Texts the screens show for their own checks and failures.
  passwordChanged: 'Contraseña cambiada con éxito!',
  profileUpdated: 'Perfil actualizado con éxito!',
  roleUpdated: '¡Rol de usuario actualizado exitosamente!',
  passwordReset: 'Contraseña restablecida con éxito!',
  userDeleted: '¡Usuario eliminado exitosamente!',
  loginAttemptsCleared: 'Se han borrado los intentos fallidos de inicio de sesión de la cuenta.',
  confirmDeleteUser: '¿Estás seguro de que quieres eliminar este usuario?',
  changePasswordFallback: 'Fallo al cambiar la contraseña.',
  changePasswordNetwork: 'Ocurrió un error al cambiar la contraseña.',
  profileFallback: 'Fallo al actualizar el perfil.',
  profileNetwork: 'Ocurrió un error al actualizar el perfil.',
  loadUsersFallback: 'Fallo al cargar usuarios',
  roleFallback: 'Fallo al actualizar rol de usuario',
  resetFallback: 'Fallo al restablecer la contraseña.',
  unlockFallback: 'Fallo al desbloquear el inicio de sesión.',
  deleteFallback: 'Fallo al eliminar usuario',
} as const;

const newPassword = z
  .string({ error: userMessages.allPasswordFieldsRequired })
  .min(1, userMessages.allPasswordFieldsRequired)
  .min(6, userMessages.newPasswordMin)
  .max(200, 'La contraseña no puede exceder los 200 caracteres.');

/** Server body of PUT /api/users/me/password. */
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: userMessages.allPasswordFieldsRequired }).min(1, userMessages.allPasswordFieldsRequired),
  newPassword,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The dialog's form: three fields, checked in the product's order (required, match, length). */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, userMessages.allPasswordFieldsRequired),
    newPassword: z.string().min(1, userMessages.allPasswordFieldsRequired),
    confirmPassword: z.string().min(1, userMessages.allPasswordFieldsRequired),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword || !v.newPassword || !v.confirmPassword) return;
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: userMessages.passwordsMismatch });
    } else if (v.newPassword.length < 6) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: userMessages.newPasswordMin });
    }
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

const required = (schema: z.ZodString) =>
  z.string({ error: userMessages.profileRequired }).trim().min(1, userMessages.profileRequired).pipe(schema);
export const profileBody = z.object({
  name: required(nameSchema),
  worker_id: required(workerIdSchema),
});
export type ProfileBody = z.input<typeof profileBody>;

export const roleBody = z.object({ role: z.enum(ROLES, { error: userMessages.invalidRole }) });
export const adminPasswordBody = z.object({
  password: z
    .string({ error: userMessages.resetRequired })
    .min(1, userMessages.resetRequired)
    .min(6, userMessages.newPasswordMin)
    .max(200, 'La contraseña no puede exceder los 200 caracteres.'),
});

export const userListItem = z.object({
  id: z.number(),
  worker_id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  nave: z.string().nullable(),
  created_at: z.string(),
  /** Whether the worker has set a terminal PIN / has a badge code recorded (docs/decisions/036-station-terminal.md). */
  has_pin: z.boolean().optional(),
  has_badge: z.boolean().optional(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const tokenMessageResponse = z.object({ message: z.string(), newToken: z.string().optional() });
export type TokenMessageResponse = z.infer<typeof tokenMessageResponse>;

/** Texts of the user-management screen that the product description leaves open. */
export const userScreenTexts = {
  // The profile and the account dialogs of both shells.
  profileTitle: 'Perfil de Usuario',
  name: 'Nombre',
  workerIdLabel: 'ID de Trabajador',
  role: 'Rol',
  editProfile: 'Editar Perfil',
  changePassword: 'Cambiar Contraseña',
  currentPassword: 'Contraseña Actual',
  newPasswordLabel: 'Nueva Contraseña',
  confirmPassword: 'Confirmar Nueva Contraseña',
  close: 'Cerrar',
  loading: 'Cargando usuarios...',
  empty: 'No hay usuarios registrados.',
  network: 'Ocurrió un error de red.',
} as const;
