import type { ChangePasswordBody, TokenMessageResponse } from '@portal/contract/users';
import { api } from '@/lib/api';
import { useOwnAccountMutation } from './own-account-mutation';

export const changePassword = (body: ChangePasswordBody) => api<TokenMessageResponse>('/api/users/me/password', { method: 'PUT', body });

export const useChangePassword = () => useOwnAccountMutation(changePassword);
