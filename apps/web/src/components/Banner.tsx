import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';

export interface BannerMessage {
  variant: 'success' | 'danger' | 'warning' | 'info';
  text: string;
}

/**
 * A success or error banner. With `autoHideMs` it calls `onClose` after that time (SPEC.md: banners
 * vanish after 3 seconds on the stops screen).
 */
export function Banner({ message, onClose, autoHideMs }: { message: BannerMessage | null; onClose?: () => void; autoHideMs?: number }) {
  useEffect(() => {
    if (!message || !autoHideMs || !onClose) return;
    const id = setTimeout(onClose, autoHideMs);
    return () => clearTimeout(id);
  }, [message, autoHideMs, onClose]);
  if (!message) return null;
  return (
    <Alert variant={message.variant} onClose={onClose} dismissible={!!onClose} role={message.variant === 'danger' ? 'alert' : 'status'}>
      {message.text}
    </Alert>
  );
}
