import type { Parada } from '@portal/contract/paradas';
import { useCallback, useState } from 'react';
import { Banner, type BannerMessage } from '@/components/banner';
import { useFactoryTz } from '@/lib/factory';
import { DeleteParadaModal } from './delete-parada-modal';
import { EditParadaModal } from './edit-parada-modal';

/**
 * The edit and delete dialogs behind the parada cards, shared by the worker's and the admin's screens:
 * `edit(p)` and `remove(p)` open them, `dialogs` renders them, and `banner` shows a success for 3 seconds.
 */
export function useParadaDialogs() {
  const tz = useFactoryTz();
  const [message, setMessage] = useState<BannerMessage | null>(null);
  // Stable, so the 3 s auto-hide timer is not restarted by every render (the clock ticks each second).
  const closeBanner = useCallback(() => setMessage(null), []);
  const [editing, setEditing] = useState<Parada | null>(null);
  const [deleting, setDeleting] = useState<Parada | null>(null);
  const done = (close: () => void) => (text: string) => {
    close();
    setMessage({ variant: 'success', text });
  };
  const closeEdit = () => setEditing(null);
  const closeDelete = () => setDeleting(null);

  return {
    tz,
    edit: setEditing,
    remove: setDeleting,
    banner: <Banner message={message} onClose={closeBanner} autoHideMs={3000} />,
    dialogs: (
      <>
        <EditParadaModal parada={editing} onHide={closeEdit} onSaved={done(closeEdit)} />
        <DeleteParadaModal parada={deleting} tz={tz} onHide={closeDelete} onDeleted={done(closeDelete)} />
      </>
    ),
  };
}
