import { WELD_PROCESS_NUMBERS, WELD_PROCESSES } from '@portal/contract/welds';
import Button from 'react-bootstrap/Button';

/** A weld form's submit button (its `saving` text while the save runs) and, where the form can be closed, its cancel link. */
export function SaveAndCancel({
  pending,
  disabled = false,
  save,
  saving,
  cancel,
  onCancel,
}: {
  pending: boolean;
  disabled?: boolean;
  save: string;
  saving: string;
  cancel: string;
  onCancel?: () => void;
}) {
  return (
    <>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? saving : save}
      </Button>
      {onCancel && (
        <Button variant="link" onClick={onCancel}>
          {cancel}
        </Button>
      )}
    </>
  );
}

/** The weld processes as a select's options: their ISO 4063 number and name. */
export function WeldProcessOptions() {
  return WELD_PROCESS_NUMBERS.map((n) => (
    <option key={n} value={n}>
      {n} · {WELD_PROCESSES[n]}
    </option>
  ));
}
