import type { WeldRoles } from '@portal/contract/welds';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { useCurrentUser } from '@/lib/token';
import { tramoKeys } from './keys';

/** The tramo's weld dossier as a PDF or a CSV (docs/decisions/075-weld-dossier.md); answers the file's name. */
export const downloadWeldDossier = ({ id_proyecto, id_tramo, format }: { id_proyecto: string; id_tramo: string; format: 'pdf' | 'csv' }) =>
  downloadFile(`/api/welds/dossier.${format}`, { id_proyecto, id_tramo }, `dossier.${format}`);

export function useDownloadWeldDossier() {
  return useMutation({ mutationFn: downloadWeldDossier });
}

/**
 * Whether the user may have the dossier: administrators, and Calidad of any nave (the server checks
 * it again; this only decides whether the buttons are shown).
 */
export function useMayDownloadDossier(): boolean {
  const user = useCurrentUser();
  const admin = user?.role === 'admin';
  const roles = useQuery({
    queryKey: [...tramoKeys.all, 'weld-roles', user?.id ?? 0],
    queryFn: () => api<WeldRoles>('/api/welds/roles/me'),
    enabled: Boolean(user) && !admin,
    staleTime: 60_000,
  });
  return admin || (roles.data?.calidad.length ?? 0) > 0;
}
