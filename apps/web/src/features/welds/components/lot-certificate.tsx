import type { Lot } from '@portal/contract/welds';
import { CERTIFICATE_ACCEPT, dossierScreenMessages as t } from '@portal/contract/welds-dossier';
import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import type { BannerMessage } from '@/components/banner';
import { errorText } from '@/lib/api';
import { useAttachCertificate, useDownloadCertificate } from '../api/lot-certificate';

/** A lot's 3.1 certificate on the lots screen: its download when attached, and a file to attach or replace it. */
export function LotCertificate({ lot, onResult }: { lot: Lot; onResult: (message: BannerMessage) => void }) {
  const attach = useAttachCertificate();
  const download = useDownloadCertificate();
  const input = useRef<HTMLInputElement>(null);
  const id = `certificate-${lot.id}`;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      {lot.certificate ? (
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(lot, {
              onError: (error) => onResult({ variant: 'danger', text: errorText(error, t.certificateDownloadFailed, t.network) }),
            })
          }
        >
          {t.downloadCertificate} <span className="visually-hidden">{lot.lot_number}</span>
        </Button>
      ) : (
        <span className="small text-body-secondary">{t.noCertificate}</span>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={CERTIFICATE_ACCEPT}
        className="visually-hidden"
        // The button below opens it; the field stays named for assistive technology and tests.
        tabIndex={-1}
        aria-label={`${t.file} ${lot.lot_number}`}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          attach.mutate(
            { id: lot.id, file },
            {
              onSuccess: (res) => onResult({ variant: 'success', text: res.message }),
              onError: (error) => onResult({ variant: 'danger', text: errorText(error, t.certificateFailed, t.network) }),
            },
          );
        }}
      />
      <Button size="sm" variant="outline-primary" disabled={attach.isPending} onClick={() => input.current?.click()}>
        {attach.isPending ? t.attaching : lot.certificate ? t.replace : t.attach}
        <span className="visually-hidden"> {lot.lot_number}</span>
      </Button>
      <span id={`${id}-help`} className="visually-hidden">
        {t.fileHelp}
      </span>
    </div>
  );
}
