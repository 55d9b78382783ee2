import { type ParadaTimesForm, paradaMessages } from '@portal/contract/paradas';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@/components/text-field';
import { MotivoSelect } from './motivo-select';

const times = [
  ['start', paradaScreenTexts.startTimeLabel],
  ['end', paradaScreenTexts.endTimeLabel],
] as const;

/**
 * The fields of a parada typed by hand: its date, start and end side by side (HH:mm in the factory's
 * time zone; an end earlier than the start is on the next day, shown as 'día siguiente'), the motivo,
 * then `children`, then the description. Input ids are `${idPrefix}-date`, `-start`, `-end`,
 * `-motivo` and `-description`.
 */
export function ParadaFields({
  idPrefix,
  register,
  errors,
  nextDay = false,
  motivoCurrent = null,
  children,
  errorId,
}: {
  idPrefix: string;
  register: UseFormRegister<ParadaTimesForm>;
  errors: FieldErrors<ParadaTimesForm>;
  nextDay?: boolean;
  motivoCurrent?: number | null;
  children?: ReactNode;
  /** The id of the form's error message, which invalid fields point to. */
  errorId?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-date`}
        label={paradaMessages.dateLabel}
        type="date"
        invalid={!!errors.date}
        registration={register('date')}
      />
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
      {nextDay && (
        <p className="mt-n2 mb-3 text-end">
          <Badge bg="secondary" data-testid={`${idPrefix}-next-day`}>
            {paradaMessages.nextDay}
          </Badge>
        </p>
      )}
      <MotivoSelect id={`${idPrefix}-motivo`} registration={register('motivo_id')} current={motivoCurrent} />
      {children}
      <TextField
        id={`${idPrefix}-description`}
        label={paradaScreenTexts.descriptionLabel}
        textarea
        invalid={!!errors.description}
        errorId={errorId}
        registration={register('description')}
      />
    </>
  );
}
