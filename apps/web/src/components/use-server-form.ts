import { useState } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import { errorText } from '@/lib/api';
import { type FormErrorOrder, firstError } from '@/lib/first-error';

/** The Spanish texts of a refused submit: the server's own message wins, else these. */
export interface ServerFormTexts {
  /** When the server answered without a message of its own. */
  fallback: string;
  /** When the server could not be reached. */
  network: string;
}

/**
 * The form of a composer or dialog that submits to the server: react-hook-form checked with the
 * contract's zod schema (`resolver`), beside the server's refusal of the last attempt. `message` is
 * what the form's one error alert shows: the first failed check in `order`, else the server's refusal.
 * `submit(run)` is handleSubmit that first clears the last refusal; `fail(error)` keeps the server's
 * answer as Spanish text (`texts`), `setServerError` any other text.
 */
export function useServerForm<I extends FieldValues, O = I>({
  order,
  texts,
  ...options
}: UseFormProps<I, unknown, O> & { order: FormErrorOrder<I>; texts: ServerFormTexts }) {
  const form = useForm<I, unknown, O>(options);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = form.formState.errors;
  const submit = (run: (values: O) => void) =>
    form.handleSubmit((values) => {
      setServerError(null);
      run(values);
    });
  const fail = (error: unknown) => setServerError(errorText(error, texts.fallback, texts.network));
  return { ...form, errors, serverError, setServerError, submit, fail, message: firstError(errors, order) ?? serverError };
}
