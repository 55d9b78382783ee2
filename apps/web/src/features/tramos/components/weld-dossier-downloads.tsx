import { dossierScreenMessages as t } from '@portal/contract/welds-dossier';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Banner, type BannerMessage } from '@/components/banner';
import { errorText } from '@/lib/api';
import { useDownloadWeldDossier, useMayDownloadDossier } from '../api/weld-dossier';

/** The tramo's weld dossier, PDF and CSV, on its detail: shown to administrators and Calidad only. */
export function WeldDossierDownloads({ idProyecto, idTramo }: { idProyecto: string; idTramo: string }) {
  const allowed = useMayDownloadDossier();
  const download = useDownloadWeldDossier();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  if (!allowed) return null;
  const run = (format: 'pdf' | 'csv') =>
    download.mutate(
      { id_proyecto: idProyecto, id_tramo: idTramo, format },
      {
        onSuccess: (name) => setBanner({ variant: 'success', text: t.downloaded(name) }),
        onError: (error) => setBanner({ variant: 'danger', text: errorText(error, t.downloadFailed, t.network) }),
      },
    );
  const busy = download.isPending ? download.variables?.format : null;
  return (
    <section className="border-top mt-3 pt-3" aria-labelledby="weld-dossier-title">
      <h2 id="weld-dossier-title" className="h6">
        {t.section}
      </h2>
      <p className="small text-body-secondary mb-2">{t.help}</p>
      <Banner message={banner} onClose={() => setBanner(null)} />
      <div className="d-flex flex-wrap gap-2">
        <Button variant="primary" disabled={download.isPending} onClick={() => run('pdf')}>
          {busy === 'pdf' ? t.downloading : t.downloadPdf}
        </Button>
        <Button variant="outline-primary" disabled={download.isPending} onClick={() => run('csv')}>
          {busy === 'csv' ? t.downloading : t.downloadCsv}
        </Button>
      </div>
    </section>
  );
}
