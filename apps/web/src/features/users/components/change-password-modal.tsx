import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordForm, userMessages } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { errorText } from '@/lib/api';
import { fieldError } from '@/lib/field-error';
import { useChangePassword } from '../api/change-password';
import { SuccessToast } from './success-toast';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Cambiar Contraseña' of both shells' user menu; the server checks the current password. */
export default function ChangePasswordModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });
  const change = useChangePassword();

  // Passwords never linger in a closed dialog.
  useEffect(() => {
    if (show) {
      reset(EMPTY);
      setServerError(null);
    }
  }, [show, reset]);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    setServerError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          onHide();
          setToast(userMessages.passwordChanged);
        },
        onError: (error) => setServerError(errorText(error, userMessages.changePasswordFallback, userMessages.changePasswordNetwork)),
      },
    );
  });

  // One message at a time, in the order the contract checks them (required, match, length).
  const message = errors.currentPassword?.message ?? errors.newPassword?.message ?? errors.confirmPassword?.message ?? serverError;

  return (
    <>
      <EditModalFrame
        id="change-password"
        title="Cambiar Contraseña"
        show={show}
        message={message}
        busy={change.isPending}
        onHide={onHide}
        onSubmit={onSubmit}
      >
        <Form.Group className="mb-3" controlId="change-password-current">
          <Form.Label>Contraseña Actual</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            {...fieldError(!!errors.currentPassword, 'change-password-error')}
            {...register('currentPassword')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="change-password-new">
          <Form.Label>Nueva Contraseña</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            {...fieldError(!!errors.newPassword, 'change-password-error')}
            {...register('newPassword')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="change-password-confirm">
          <Form.Label>Confirmar Nueva Contraseña</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            {...fieldError(!!errors.confirmPassword, 'change-password-error')}
            {...register('confirmPassword')}
          />
        </Form.Group>
      </EditModalFrame>
      <SuccessToast text={toast} onClose={() => setToast(null)} />
    </>
  );
}
