import { type ChangeEvent, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, Path, PathValue, Resolver, UseFormRegister } from 'react-hook-form';
import { errorText } from '@/lib/api';
import { type FormErrorOrder, firstError } from '@/lib/first-error';
import type { ServerFormTexts } from './use-server-form';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * useServerForm's interface (components/use-server-form.ts) for the login screen alone, without
 * react-hook-form's code: the phone's first screen loads no form library before it is idle
 * (docs/decisions/070-login-without-a-form-library.md). The same rules as react-hook-form's defaults
 * there: uncontrolled fields read at submit, the contract's resolver run at submit, the first field
 * in error (in `order`) focused, and after a refused submit each change checks its field again. The
 * resolver (lazyResolver) brings zod, and react-hook-form's few helpers it needs, on the first key or
 * tap. `register` and `errors` have react-hook-form's types, so the shared field components take them.
 */
export function useLightServerForm<I extends FieldValues, O = I>({
  resolver,
  defaultValues,
  order,
  texts,
}: {
  resolver: Resolver<I, unknown, O>;
  defaultValues: I;
  order: FormErrorOrder<I>;
  texts: ServerFormTexts;
}) {
  const elements = useRef(new Map<string, Field>());
  const [values, setValues] = useState<I>(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<I>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const submitted = useRef(false);

  const read = (): I => {
    const current: Record<string, string> = { ...(defaultValues as Record<string, string>) };
    for (const [name, element] of elements.current) current[name] = element.value;
    return current as I;
  };
  const validate = (all: I) => {
    const fields = Object.fromEntries([...elements.current].map(([name, ref]) => [name, { ref, name }]));
    return resolver(all, undefined, { fields, shouldUseNativeValidation: false, criteriaMode: 'firstError' });
  };
  /** After a refused submit: the changed field's check again, the others' errors as they were. */
  const recheck = async (name: string) => {
    if (!submitted.current) return;
    const result = await validate(read());
    const error = (result.errors as Record<string, unknown>)[name];
    setErrors((previous) => {
      const next = { ...previous } as Record<string, unknown>;
      if (error) next[name] = error;
      else delete next[name];
      return next as FieldErrors<I>;
    });
  };

  const register = ((name: string, options?: { onChange?: (event: ChangeEvent<Field>) => void }) => ({
    name,
    ref: (element: Field | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    onChange: async (event: ChangeEvent<Field>) => {
      setValues(read());
      options?.onChange?.(event);
      await recheck(name);
    },
    onBlur: async () => {},
  })) as unknown as UseFormRegister<I>;

  const setValue = (name: Path<I>, value: string) => {
    const element = elements.current.get(name);
    if (element) element.value = value;
    setValues(read());
    void recheck(name);
  };

  const submit = (run: (values: O) => void) => async (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    submitted.current = true;
    const result = await validate(read());
    const found = result.errors as FieldErrors<I>;
    const names = Object.keys(found);
    if (names.length > 0) {
      setErrors(found);
      // As react-hook-form: the first field in error takes the focus (`order` is the fields' order on screen).
      elements.current.get(order.find((name) => name !== '' && names.includes(name)) ?? '')?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    run(result.values as O);
  };

  return {
    register,
    submit,
    watch: <N extends Path<I>>(name: N) => values[name] as PathValue<I, N>,
    setValue,
    errors,
    fail: (error: unknown) => setServerError(errorText(error, texts.fallback, texts.network)),
    message: firstError(errors, order) ?? serverError,
  };
}
