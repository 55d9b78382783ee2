import { tramoScreenTexts } from '@portal/contract/tramos';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/text-field';

type TextName = 'id_tramo' | 'id_proyecto' | 'id_circular' | 'descripcion';

/**
 * The text fields of the circular forms, in the order their errors are reported: the three ids, the
 * date (the user's edit only), the description. Each input's id is `${idPrefix}-<field>`.
 */
export function TramoFields({
  idPrefix,
  register,
  errors,
  date,
  errorId,
}: {
  idPrefix: string;
  register: (name: TextName) => UseFormRegisterReturn;
  errors: Partial<Record<TextName | 'circular_fecha', unknown>>;
  /** The circular's date, registered by the forms that edit it. */
  date?: UseFormRegisterReturn;
  /** The id of the form's error message. */
  errorId?: string;
}) {
  return (
    <>
      <TextField
        errorId={errorId}
        id={`${idPrefix}-id-tramo`}
        label={tramoScreenTexts.idTramoLabel}
        invalid={!!errors.id_tramo}
        registration={register('id_tramo')}
      />
      <TextField
        errorId={errorId}
        id={`${idPrefix}-id-proyecto`}
        label={tramoScreenTexts.idProyectoLabel}
        invalid={!!errors.id_proyecto}
        registration={register('id_proyecto')}
      />
      <TextField
        errorId={errorId}
        id={`${idPrefix}-id-circular`}
        label={tramoScreenTexts.idCircularLabel}
        invalid={!!errors.id_circular}
        registration={register('id_circular')}
      />
      {date && (
        <TextField
          errorId={errorId}
          id={`${idPrefix}-fecha`}
          label={tramoScreenTexts.fechaLabel}
          type="date"
          invalid={!!errors.circular_fecha}
          registration={date}
        />
      )}
      <TextField
        errorId={errorId}
        id={`${idPrefix}-descripcion`}
        label={tramoScreenTexts.descripcionLabel}
        textarea
        invalid={!!errors.descripcion}
        registration={register('descripcion')}
      />
    </>
  );
}
