import { userScreenTexts } from '@portal/contract/users';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

/**
 * The dialogs close on success, so their confirmation cannot live inside them: it floats over the
 * page whichever shell opened the dialog.
 */
export function SuccessToast({ text, onClose }: { text: string | null; onClose: () => void }) {
  return (
    <ToastContainer position="top-center" containerPosition="fixed" className="p-3" style={{ zIndex: 2000 }}>
      <Toast show={text !== null} onClose={onClose} bg="success" autohide delay={4000}>
        <Toast.Body className="text-white d-flex justify-content-between align-items-center gap-2">
          <span>{text}</span>
          <button type="button" className="btn-close btn-close-white" aria-label={userScreenTexts.close} onClick={onClose} />
        </Toast.Body>
      </Toast>
    </ToastContainer>
  );
}
