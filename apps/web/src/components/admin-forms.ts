import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorText } from '@/lib/api';
import type { BannerMessage } from './Banner';

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
 * The form of an admin edit dialog: refilled from the item each time one is chosen (an abandoned draft
 * never comes back), the server's refusal kept until then, and saved as the item's id with the values.
 */
export function useEditForm<T extends { id: number }, I extends FieldValues, O>({
  item,
  form,
  toValues,
  save,
  texts,
  onSaved,
}: {
  item: T | null;
  form: UseFormReturn<I, unknown, O>;
  toValues: (item: T) => I;
  save: UseMutationResult<unknown, Error, O & { id: number }>;
  /** `noneSelected`: shown when the form is sent with no item. */
  texts: { updated: string; updateFallback: string; network: string; noneSelected?: string };
  onSaved: (text: string) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const values = useRef(toValues);
  values.current = toValues;
  const { reset, handleSubmit } = form;

  useEffect(() => {
    if (item) {
      reset(values.current(item));
      setServerError(null);
    }
  }, [item, reset]);

  const onSubmit = handleSubmit((checked) => {
    if (!item) {
      if (texts.noneSelected) setServerError(texts.noneSelected);
      return;
    }
    save.mutate(
      { id: item.id, ...checked },
      {
        onSuccess: () => onSaved(texts.updated),
        onError: (error) => setServerError(errorText(error, texts.updateFallback, texts.network)),
      },
    );
  });

  return { onSubmit, serverError };
}
