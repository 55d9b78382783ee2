import type { TokenMessageResponse } from '@portal/contract/users';
import { useMutation } from '@tanstack/react-query';
import { setToken } from '@/lib/token';

/**
 * A change to the signed-in user's own account (PUT /api/users/me/...). The answer's newToken carries
 * the new name and worker_id: storing it refreshes every screen's claims.
 */
export function useOwnAccountMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TokenMessageResponse>) {
  return useMutation({
    mutationFn,
    onSuccess: ({ newToken }) => {
      if (newToken) setToken(newToken);
    },
  });
}
