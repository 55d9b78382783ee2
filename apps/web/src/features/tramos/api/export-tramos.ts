import { useMutation } from '@tanstack/react-query';
import { downloadCsv, type ExportParams } from '@/lib/download';

export const exportTramos = (query: ExportParams) => downloadCsv('/api/admin/export/tramos.csv', query, 'tramos.csv');

export function useExportTramos() {
  return useMutation({ mutationFn: exportTramos });
}
