import type { profileBody, TokenMessageResponse } from '@portal/contract/users';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { useOwnAccountMutation } from './own-account-mutation';

export type ProfileInput = z.output<typeof profileBody>;

export const updateProfile = (body: ProfileInput) => api<TokenMessageResponse>('/api/users/me/profile', { method: 'PUT', body });

export const useUpdateProfile = () => useOwnAccountMutation(updateProfile);
