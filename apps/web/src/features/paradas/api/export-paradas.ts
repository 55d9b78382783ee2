import { useMutation } from '@tanstack/react-query';
import { downloadCsv, type ExportParams } from '@/lib/download';

export const exportParadas = (query: ExportParams) => downloadCsv('/api/admin/export/paradas-kaiser.csv', query, 'paradas-kaiser.csv');

export function useExportParadas() {
  return useMutation({ mutationFn: exportParadas });
}
