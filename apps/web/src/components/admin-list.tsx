import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useState } from 'react';
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import { errorText } from '@/lib/api';
import type { FormErrorOrder } from '@/lib/first-error';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from './banner';
import { ConfirmModal } from './confirm-modal';
import { Feedback } from './feedback';
import { Loading } from './loading';
import { useEditForm } from './use-edit-form';

// The shared pieces of the naves and arcos admin screens.

export interface AdminListTexts {
  title: string;
  loading: string;
  /** Shown when a failed load brings no message of its own. */
  loadFallback: string;
  network: string;
  empty: string;
  confirmDelete: string;
  deleted: string;
  /** Shown when a refused delete brings no message of its own. */
  deleteFallback: string;
}

/**
 * An admin screen that manages one kind of item (the naves, the arcos): title, result banner, add form,
 * the list (or the spinner, the load error, the empty text), an edit dialog and the delete
 * confirmation, which keeps a refusal (a 409 explains why the item stays) inside the dialog. The
 * screen gives the markup of each part; the states and the flow between them live here.
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
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const succeed = (text: string) => setBanner({ variant: 'success', text });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        succeed(texts.deleted);
      },
      onError: (error) => setDeleteError(errorText(error, texts.deleteFallback, texts.network)),
    });
  };

  return (
    <div style={style}>
      <h1 className="h4 mb-3">{texts.title}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      {addForm(setBanner)}
      {query.isPending ? (
        <Loading text={texts.loading} />
      ) : query.isError ? (
        <Feedback>{errorText(query.error, texts.loadFallback, texts.network)}</Feedback>
      ) : query.data.length === 0 ? (
        <p className="text-muted">{texts.empty}</p>
      ) : (
        list(query.data, {
          edit: (item) => {
            setBanner(null);
            setEditing(item);
          },
          remove: (item) => {
            setBanner(null);
            setDeleteError(null);
            setDeleting(item);
          },
        })
      )}
      {editor(editing, {
        onHide: () => setEditing(null),
        onSaved: (text) => {
          setEditing(null);
          succeed(text);
        },
      })}
      <ConfirmModal
        show={deleting !== null}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p className="mb-1">{texts.confirmDelete}</p>
        {deleting && <p className="mb-0 fw-semibold">{describe(deleting)}</p>}
      </ConfirmModal>
    </div>
  );
}

/** The submit of an admin add form: create, then clear the form and report success; or report the refusal. */
export function addSubmit<I extends FieldValues, O>(
  form: UseFormReturn<I, unknown, O>,
  create: UseMutationResult<unknown, Error, O>,
  texts: { added: string; addFallback: string; network: string },
  onResult: (message: BannerMessage) => void,
) {
  return form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        form.reset();
        onResult({ variant: 'success', text: texts.added });
      },
      onError: (error) => onResult({ variant: 'danger', text: errorText(error, texts.addFallback, texts.network) }),
    }),
  );
}

/**
 * An admin edit dialog's form (the shared `useEditForm`: refilled from the item each time one is
 * chosen, so an abandoned draft never comes back) saved as the item's id with the values; the
 * server's refusal is kept until the next opening.
 */
export function useAdminEditForm<T extends { id: number }, I extends FieldValues, O>({
  item,
  toValues,
  options,
  save,
  texts,
  onSaved,
}: {
  item: T | null;
  /** Defined once outside the component: a new function refills the form. */
  toValues: (item: T) => I;
  options: UseFormProps<I, unknown, O> & { order: FormErrorOrder<I> };
  save: UseMutationResult<unknown, Error, O & { id: number }>;
  /** `noneSelected`: shown when the form is sent with no item. */
  texts: { updated: string; updateFallback: string; network: string; noneSelected?: string };
  onSaved: (text: string) => void;
}) {
  const edit = useEditForm(item, toValues, { ...options, texts: { fallback: texts.updateFallback, network: texts.network } });
  const { submit, setServerError, fail } = edit;
  const onSubmit = submit((checked) => {
    if (!item) {
      if (texts.noneSelected) setServerError(texts.noneSelected);
      return;
    }
    save.mutate({ id: item.id, ...checked }, { onSuccess: () => onSaved(texts.updated), onError: fail });
  });
  return { ...edit, onSubmit };
}
