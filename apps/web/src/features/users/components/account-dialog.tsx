import { userScreenTexts } from '@portal/contract/users';
import type { ComponentProps } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { EditModalFrame } from '@/components/edit-modal-frame';

/**
 * An account dialog of both shells' user menu (the profile, the password): its form in the edit frame,
 * and the confirmation of a save (`toast`). The dialog closes on success, so its confirmation cannot
 * live inside it: it floats over the page whichever shell opened the dialog.
 */
export function AccountDialog({
  toast,
  onToastClose,
  ...frame
}: ComponentProps<typeof EditModalFrame> & { toast: string | null; onToastClose: () => void }) {
  return (
    <>
      <EditModalFrame {...frame} />
      <ToastContainer position="top-center" containerPosition="fixed" className="p-3" style={{ zIndex: 2000 }}>
        <Toast show={toast !== null} onClose={onToastClose} bg="success" autohide delay={4000}>
          <Toast.Body className="text-white d-flex justify-content-between align-items-center gap-2">
            <span>{toast}</span>
            <button type="button" className="btn-close btn-close-white" aria-label={userScreenTexts.close} onClick={onToastClose} />
          </Toast.Body>
        </Toast>
      </ToastContainer>
    </>
  );
}
