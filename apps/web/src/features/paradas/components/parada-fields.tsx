import type { ParadaTimesForm } from '@portal/contract/paradas';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/text-field';

const times = [
  ['start', 'Hora de inicio'],
  ['end', 'Hora de fin'],
] as const;

/**
 * The fields of a parada typed by hand: start and end side by side (HH:mm in the factory's time zone),
 * then `children`, then the description. Input ids are `${idPrefix}-start`, `-end` and `-description`.
 */
export function ParadaFields({
  idPrefix,
  register,
  errors,
  children,
  errorId,
}: {
  idPrefix: string;
  register: UseFormRegister<ParadaTimesForm>;
  errors: FieldErrors<ParadaTimesForm>;
  children?: ReactNode;
  /** The id of the form's error message, which invalid fields point to. */
  errorId?: string;
}) {
  return (
    <>
      <div className="d-flex gap-3">
        {times.map(([name, label]) => (
          <TextField
            key={name}
            id={`${idPrefix}-${name}`}
            className="mb-3 flex-fill"
            label={label}
            type="time"
            invalid={!!errors[name]}
            errorId={errorId}
            registration={register(name)}
          />
        ))}
      </div>
      {children}
      <TextField
        id={`${idPrefix}-description`}
        label="Descripción"
        textarea
        invalid={!!errors.description}
        errorId={errorId}
        registration={register('description')}
      />
    </>
  );
}
