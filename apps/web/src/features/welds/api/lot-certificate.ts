import type { Lot } from '@portal/contract/welds';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { downloadFile } from '@/lib/download';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { weldKeys } from './lots';

// A lot's 3.1 certificate (docs/decisions/076-lot-certificates.md): attach or replace it, download it.

export function useAttachCertificate() {
  return useInvalidatingMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('certificado', file);
    return api<{ lot: Lot; message: string }>(`/api/welds/lots/${id}/certificate`, { method: 'POST', body: form });
  }, weldKeys.lots());
}

export function useDownloadCertificate() {
  return useMutation({
    mutationFn: (lot: Lot) => downloadFile(`/api/welds/lots/${lot.id}/certificate`, {}, lot.certificate?.name || 'certificado-3.1'),
  });
}
