import { useEffect, useRef, useState } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';

/**
 * The form of an edit dialog: reset to `values(item)` each time an item is opened (and again when
 * `values` changes while it is open, so keep it stable: a module function or a useCallback). Beside the
 * fields' `errors`, `serverError` holds the error of the last attempt, cleared on opening; `onOpen`
 * runs then too, for the dialog's own state (a chosen file, a mutation's last result).
 */
export function useEditForm<T, V extends FieldValues, O = V>(
  item: T | null,
  values: (item: T) => V,
  { onOpen, ...options }: UseFormProps<V, unknown, O> & { onOpen?: () => void },
) {
  const form = useForm<V, unknown, O>(options);
  const [serverError, setServerError] = useState<string | null>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  const { reset } = form;
  useEffect(() => {
    if (!item) return;
    setServerError(null);
    opened.current?.();
    reset(values(item));
  }, [item, values, reset]);
  return { ...form, errors: form.formState.errors, serverError, setServerError };
}
