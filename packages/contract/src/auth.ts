import { z } from 'zod';
import { authMessages } from './auth-messages';
import { idSchema, type Role } from './common';

export { authMessages };

const text = (message: string) => z.string({ error: message });
export const workerIdSchema = text(authMessages.workerIdMin)
  .trim()
  .min(3, authMessages.workerIdMin)
  .max(50, 'El ID de trabajador no puede exceder los 50 caracteres.');
export const nameSchema = text(authMessages.nameMin)
  .trim()
  .min(2, authMessages.nameMin)
  .max(100, 'El nombre no puede exceder los 100 caracteres.');
export const passwordSchema = text(authMessages.passwordMin)
  .min(6, authMessages.passwordMin)
  .max(200, 'La contraseña no puede exceder los 200 caracteres.');

export const registerBody = z.object({
  worker_id: workerIdSchema,
  name: nameSchema,
  password: passwordSchema,
  /** Sent by the client; the server ignores it: registration always creates role user. */
  role: z.unknown().optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  worker_id: workerIdSchema,
  password: passwordSchema,
  nave: text(authMessages.naveAndArco).trim().min(1, authMessages.naveAndArco),
  arco_sumergido_id: z
    .union([idSchema, z.literal('')], { error: authMessages.naveAndArco })
    .refine((v) => v !== '', authMessages.naveAndArco),
});
export type LoginBody = z.input<typeof loginBody>;

export const adminLoginBody = z.object({
  worker_id: text(authMessages.adminLoginRequired).trim().min(1, authMessages.adminLoginRequired),
  password: text(authMessages.adminLoginRequired).min(1, authMessages.adminLoginRequired),
});
export type AdminLoginBody = z.input<typeof adminLoginBody>;

export const publicUser = z.object({
  id: z.number(),
  worker_id: z.string(),
  name: z.string(),
  role: z.enum(['user', 'admin']),
});
export type PublicUser = z.infer<typeof publicUser>;

export const registerResponse = z.object({ message: z.string(), user: publicUser });
export type RegisterResponse = z.infer<typeof registerResponse>;
export const accessTokenResponse = z.object({ accessToken: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>;

/** Claims carried by the session token (HS256 JWT in the Authorization header). */
export interface TokenClaims {
  id: number;
  name: string;
  worker_id: string;
  role: Role;
  nave: string | null;
  arco_sumergido_id: number | null;
  arco_sumergido_name: string | null;
  /** Set on a session opened at a station terminal (PIN or badge): the terminal's id. */
  terminal_id?: number;
  iat: number;
  exp: number;
}
