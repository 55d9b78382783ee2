import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The checks run in field order and only the first failure is shown. */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T & string)[]): string | undefined {
  for (const field of order) {
    const message = errors[field]?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
