import { useEffect, useRef } from 'react';
import { Feedback, type FeedbackVariant } from './feedback';

export interface BannerMessage {
  variant: FeedbackVariant;
  text: string;
}

/** How long an admin screen's success banner stays: it must not sit above a later error. */
export const ADMIN_SUCCESS_MS = 5000;

/**
 * A screen's result message as a closable Feedback. With `autoHideMs` it calls `onClose` after that
 * time (the paradas screen's banners vanish after 3 seconds); `successOnly` limits that to success
 * banners, so an error stays until the user closes it or acts again.
 */
export function Banner({
  message,
  onClose,
  autoHideMs,
  successOnly = false,
}: {
  message: BannerMessage | null;
  onClose?: () => void;
  autoHideMs?: number;
  successOnly?: boolean;
}) {
  // The timer restarts only for a new message: a parent re-rendering every second (the parada clock)
  // with a fresh onClose must not keep the banner up forever.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!message || !autoHideMs || (successOnly && message.variant !== 'success')) return;
    const id = setTimeout(() => close.current?.(), autoHideMs);
    return () => clearTimeout(id);
  }, [message, autoHideMs, successOnly]);
  if (!message) return null;
  return (
    <Feedback variant={message.variant} onClose={onClose}>
      {message.text}
    </Feedback>
  );
}
