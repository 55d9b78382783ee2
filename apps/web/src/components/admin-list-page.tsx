import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Banner, type BannerMessage } from './Banner';
import { ConfirmModal } from './ConfirmModal';
import { QueryList, type QueryListTexts } from './query-list';
import { type DeleteTexts, useConfirmDelete } from './use-confirm-delete';

export interface AdminListTexts extends QueryListTexts, DeleteTexts {
  title: string;
  confirmDelete: string;
}

/**
 * An admin screen that manages one kind of item (the naves, the arcos): title, result banner, add form,
 * the list, an edit dialog and the delete confirmation. The screen gives the markup of each part; the
 * states and the flow between them live here.
 */
export function AdminListPage<T extends { id: number }>({
  texts,
  style,
  query,
  remove,
  addForm,
  list,
  editor,
  describe,
}: {
  texts: AdminListTexts;
  style?: CSSProperties;
  query: UseQueryResult<T[]>;
  remove: UseMutationResult<unknown, Error, number>;
  addForm: (report: (message: BannerMessage) => void) => ReactNode;
  list: (items: T[], actions: { edit: (item: T) => void; remove: (item: T) => void }) => ReactNode;
  editor: (item: T | null, close: { onHide: () => void; onSaved: (text: string) => void }) => ReactNode;
  /** The item as the delete confirmation names it. */
  describe: (item: T) => ReactNode;
}) {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [editing, setEditing] = useState<T | null>(null);
  const deletion = useConfirmDelete<T>(remove, texts, (text) => setBanner({ variant: 'success', text }));

  return (
    <div style={style}>
      <h1 className="h4 mb-3">{texts.title}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      {addForm(setBanner)}
      <QueryList query={query} texts={texts}>
        {(items) => list(items, { edit: setEditing, remove: deletion.ask })}
      </QueryList>
      {editor(editing, {
        onHide: () => setEditing(null),
        onSaved: (text) => {
          setEditing(null);
          setBanner({ variant: 'success', text });
        },
      })}
      <ConfirmModal {...deletion.modal}>
        <p className="mb-1">{texts.confirmDelete}</p>
        {deletion.pending && <p className="mb-0 fw-semibold">{describe(deletion.pending)}</p>}
      </ConfirmModal>
    </div>
  );
}
