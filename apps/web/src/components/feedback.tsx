import type { ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';

export type FeedbackVariant = 'success' | 'danger' | 'warning' | 'info';

/**
 * The one way the web app shows an error or a notice: a Bootstrap alert that a screen reader announces,
 * at once for an error or a warning (`role="alert"`), politely for a success or an information
 * (`role="status"`). `id` lets the invalid fields point to it (`aria-describedby`, lib/field-error.ts);
 * `onClose` adds the close button.
 */
export function Feedback({
  variant = 'danger',
  id,
  className,
  onClose,
  children,
}: {
  variant?: FeedbackVariant;
  id?: string;
  className?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const classes = ['alert', `alert-${variant}`, onClose && 'alert-dismissible', className].filter(Boolean).join(' ');
  return (
    <div className={classes} role={variant === 'danger' || variant === 'warning' ? 'alert' : 'status'} id={id}>
      {onClose && <CloseButton onClick={onClose} aria-label="Cerrar aviso" />}
      {children}
    </div>
  );
}
