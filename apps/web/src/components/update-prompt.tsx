import { shellMessages } from '@portal/contract/shell-messages';
import { useUpdateOffer } from '@/lib/pwa-state';
import { Feedback } from './feedback';

/** 'Nueva versión disponible' with 'Actualizar': the new version loads only when the worker asks. */
export function UpdatePrompt() {
  const apply = useUpdateOffer();
  if (!apply) return null;
  return (
    <Feedback
      variant="info"
      className="d-flex align-items-center gap-2 shadow position-fixed start-50 translate-middle-x mb-0"
      style={{ bottom: '5rem', zIndex: 1080, maxWidth: 'calc(100% - 1rem)' }}
    >
      <span>{shellMessages.updateAvailable}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={apply}>
        {shellMessages.update}
      </button>
    </Feedback>
  );
}
