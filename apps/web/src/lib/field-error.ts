/**
 * The ARIA of a field in error: `aria-invalid`, and `aria-describedby` pointing to the form's error
 * message (`errorId`), so a screen reader reads the message with the field. Nothing when valid.
 */
export function fieldError(invalid: boolean, errorId?: string): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
}
