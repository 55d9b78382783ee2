import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The fields of a form in the order their checks are reported; '' is a check of the whole form (a refine without a path). */
export type FormErrorOrder<T extends FieldValues> = readonly ((keyof T & string) | '')[];

/** The checks run in field order and only the first failure is shown. */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>, order: FormErrorOrder<T>): string | undefined {
  for (const field of order) {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[field]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
