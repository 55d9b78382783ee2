import type { CSSProperties, ReactNode } from 'react';

export type FeedbackVariant = 'success' | 'danger' | 'warning' | 'info';

/**
 * The one way the web app shows an error or a notice: a Bootstrap alert that a screen reader announces,
 * at once for an error or a warning (`role="alert"`), politely for a success or an information
 * (`role="status"`). `id` lets the invalid fields point to it (`aria-describedby`, lib/field-error.ts);
 * `onClose` adds the close button (Bootstrap's markup as it is: the entry chunk carries this component).
 */
export function Feedback({
  variant = 'danger',
  id,
  className,
  style,
  onClose,
  children,
}: {
  variant?: FeedbackVariant;
  id?: string;
  className?: string;
  style?: CSSProperties;
  onClose?: () => void;
  children: ReactNode;
}) {
  const classes = ['alert', `alert-${variant}`, onClose && 'alert-dismissible', className].filter(Boolean).join(' ');
  return (
    <div className={classes} style={style} role={variant === 'danger' || variant === 'warning' ? 'alert' : 'status'} id={id}>
      {onClose && <button type="button" className="btn-close" aria-label="Cerrar aviso" onClick={onClose} />}
      {children}
    </div>
  );
}
