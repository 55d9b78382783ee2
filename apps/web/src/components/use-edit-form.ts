import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormProps } from 'react-hook-form';
import type { FormErrorOrder } from '@/lib/first-error';
import { type ServerFormTexts, useServerForm } from './use-server-form';

/**
 * The form of an edit dialog (useServerForm): reset to `values(item)` each time an item is opened
 * (and again when `values` changes while it is open, so keep it stable: a module function or a
 * useCallback). The server's refusal of the last attempt is cleared on opening; `onOpen` runs then
 * too, for the dialog's own state (a chosen file, a mutation's last result).
 */
export function useEditForm<T, V extends FieldValues, O = V>(
  item: T | null,
  values: (item: T) => V,
  { onOpen, ...options }: UseFormProps<V, unknown, O> & { onOpen?: () => void; order: FormErrorOrder<V>; texts: ServerFormTexts },
) {
  const form = useServerForm<V, O>(options);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  const { reset, setServerError } = form;
  useEffect(() => {
    if (!item) return;
    setServerError(null);
    opened.current?.();
    reset(values(item));
  }, [item, values, reset, setServerError]);
  return form;
}
