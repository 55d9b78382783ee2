import type { ExportQuery } from '@portal/contract/planta';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download';

export const exportParadas = (query: ExportQuery) => downloadCsv('/api/admin/export/paradas-kaiser.csv', query, 'paradas-kaiser.csv');

export function useExportParadas() {
  return useMutation({ mutationFn: exportParadas });
}
