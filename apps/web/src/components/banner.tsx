import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';

export interface BannerMessage {
  variant: 'success' | 'danger' | 'warning' | 'info';
  text: string;
}

/**
 * A success or error banner. With `autoHideMs` it calls `onClose` after that time (the paradas
 * screen's banners vanish after 3 seconds).
 */
export function Banner({ message, onClose, autoHideMs }: { message: BannerMessage | null; onClose?: () => void; autoHideMs?: number }) {
  // The timer restarts only for a new message: a parent re-rendering every second (the parada clock)
  // with a fresh onClose must not keep the banner up forever.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!message || !autoHideMs) return;
    const id = setTimeout(() => close.current?.(), autoHideMs);
    return () => clearTimeout(id);
  }, [message, autoHideMs]);
  if (!message) return null;
  return (
    <Alert variant={message.variant} onClose={onClose} dismissible={!!onClose} role={message.variant === 'danger' ? 'alert' : 'status'}>
      {message.text}
    </Alert>
  );
}
