import type { Parada } from '@portal/contract/paradas';
import { type ComponentProps, Suspense, useCallback, useState } from 'react';
import { Banner, type BannerMessage } from '@/components/banner';
import { useFactoryTz } from '@/lib/factory';
import { lazyComponent } from '@/lib/lazy-component';
import { DeleteParadaModal } from './delete-parada-modal';
import type { EditParadaModal as EditModal } from './edit-parada-modal';

// The edit dialog loads apart from the screen, when the worker reaches for the history (`prepare`) or
// opens it, then stays mounted (its closing animation): the stops screen's first paint carries neither
// it nor the edit form's schema and history (zod). The delete dialog (no zod) comes with the screen,
// so it opens even offline in a browser without the service worker's precache.
const EditParadaModal = lazyComponent<ComponentProps<typeof EditModal>>(() =>
  import('./edit-parada-modal').then((m) => ({ default: m.EditParadaModal })),
);

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
  const [editOpened, setEditOpened] = useState(false);
  const done = (close: () => void) => (text: string) => {
    close();
    setMessage({ variant: 'success', text });
  };
  const closeEdit = () => setEditing(null);
  const closeDelete = () => setDeleting(null);

  return {
    tz,
    /** For the list's pointer and focus: the edit dialog's code starts loading before the tap. */
    prepare: () => void EditParadaModal.preload().catch(() => undefined),
    edit: (p: Parada) => {
      setEditOpened(true);
      setEditing(p);
    },
    remove: setDeleting,
    banner: <Banner message={message} onClose={closeBanner} autoHideMs={3000} />,
    dialogs: (
      <>
        <Suspense fallback={null}>
          {editOpened && <EditParadaModal parada={editing} onHide={closeEdit} onSaved={done(closeEdit)} />}
        </Suspense>
        <DeleteParadaModal parada={deleting} tz={tz} onHide={closeDelete} onDeleted={done(closeDelete)} />
      </>
    ),
  };
}
