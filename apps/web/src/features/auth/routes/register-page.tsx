import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, registerBody } from '@portal/contract/auth';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Feedback } from '@/components/feedback';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { ApiError } from '@/lib/api';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';

const ORDER = ['worker_id', 'name', 'password'] as const;
const FIELDS = [
  { name: 'worker_id', id: 'register-worker-id', label: 'ID de Trabajador', autoComplete: 'username', autoFocus: true },
  { name: 'name', id: 'register-name', label: 'Nombre', autoComplete: 'name' },
  { name: 'password', id: 'register-password', label: 'Contraseña', type: 'password', autoComplete: 'new-password', className: 'mb-4' },
] as const;

export default function RegisterPage() {
  const [registered, setRegistered] = useState(false);
  const { register, submit, reset, errors, message, fail, setServerError } = useServerForm({
    resolver: zodResolver(registerBody),
    defaultValues: { worker_id: '', name: '', password: '' },
    order: ORDER,
    texts: { fallback: authMessages.registerFallback, network: authMessages.registerNetwork },
  });
  const registration = useRegister();

  const onSubmit = submit((values) => {
    setRegistered(false);
    registration.mutate(values, {
      onSuccess: () => {
        setRegistered(true);
        reset();
      },
      onError: (error) =>
        error instanceof ApiError && error.status === 409 ? setServerError(authMessages.duplicateWorkerId) : fail(error),
    });
  });

  return (
    <AuthCard title="Registrarse">
      <Form noValidate onSubmit={onSubmit}>
        {message ? (
          <Feedback id="register-error">{message}</Feedback>
        ) : (
          registered && <Feedback variant="success">{authMessages.registerSuccess}</Feedback>
        )}
        <TextFields fields={FIELDS} register={register} errors={errors} errorId="register-error" markInvalid={false} />
        <Button type="submit" className="w-100" disabled={registration.isPending}>
          {registration.isPending ? 'Registrando...' : 'Registrarse'}
        </Button>
      </Form>
      <p className="text-center mt-3 mb-0">
        <Link to="/login">¿Ya tienes una cuenta? Inicia Sesión aquí</Link>
      </p>
    </AuthCard>
  );
}
