import type { Procedure, ProcedureCreateBody, RevisionCreateBody } from '@portal/contract/welds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { seamKeys } from './seam';

type Saved = { procedure: Procedure; message: string };

/** The procedures' writes (Calidad or admin, decision 066); each refreshes the list. */
export function useProcedureWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { what: 'create'; body: ProcedureCreateBody }
        | { what: 'revision'; id: number; body: RevisionCreateBody }
        | { what: 'approve'; id: number; revision: number }
        | { what: 'retire'; id: number; retired_from: string },
    ) => {
      if (input.what === 'create') return api<Saved>('/api/welds/procedures', { method: 'POST', body: input.body });
      if (input.what === 'revision') return api<Saved>(`/api/welds/procedures/${input.id}/revisions`, { method: 'POST', body: input.body });
      if (input.what === 'approve')
        return api<Saved>(`/api/welds/procedures/${input.id}/revisions/${input.revision}/approve`, { method: 'POST' });
      return api<Saved>(`/api/welds/procedures/${input.id}/retire`, { method: 'POST', body: { retired_from: input.retired_from } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seamKeys.procedures() }),
  });
}
