import { tramoScreenTexts } from '@portal/contract/tramos';
import { useState } from 'react';
import { Banner, type BannerMessage } from '@/components/banner';
import { TramoDetailsLink } from '../components/tramo-actions';
import { TramoGrid } from '../components/tramo-grid';

/** Todos los Tramos (admin view inside the user area): every circular, with delete. */
export default function AllTramosPage() {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  return (
    <div>
      <h1 className="h4 mb-3">{tramoScreenTexts.allTitle}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      <TramoGrid
        area="user-area"
        actions={(t) => <TramoDetailsLink tramo={t} />}
        onDeleted={(text) => setBanner({ variant: 'success', text })}
      />
    </div>
  );
}
