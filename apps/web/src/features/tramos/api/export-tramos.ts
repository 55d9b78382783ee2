import type { ExportQuery } from '@portal/contract/planta';
import { useMutation } from '@tanstack/react-query';
import { downloadCsv } from '@/lib/download';

export const exportTramos = (query: ExportQuery) => downloadCsv('/api/admin/export/tramos.csv', query, 'tramos.csv');

export function useExportTramos() {
  return useMutation({ mutationFn: exportTramos });
}
