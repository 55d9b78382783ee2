import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, registerBody } from '@portal/contract/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, errorText } from '@/lib/api';
import { fieldError } from '@/lib/field-error';
import { firstError } from '@/lib/first-error';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';

const ORDER = ['worker_id', 'name', 'password'] as const;

export default function RegisterPage() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: { worker_id: '', name: '', password: '' },
  });
  const registration = useRegister();

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    registration.mutate(values, {
      onSuccess: () => {
        setResult({ ok: true, text: authMessages.registerSuccess });
        reset();
      },
      onError: (error) =>
        setResult({
          ok: false,
          text:
            error instanceof ApiError && error.status === 409
              ? authMessages.duplicateWorkerId
              : errorText(error, authMessages.registerFallback, authMessages.registerNetwork),
        }),
    });
  });

  const validation = firstError(errors, ORDER);

  return (
    <AuthCard title="Registrarse">
      <Form noValidate onSubmit={onSubmit}>
        {validation ? (
          <Alert variant="danger" role="alert" id="register-error">
            {validation}
          </Alert>
        ) : (
          result && (
            <Alert variant={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </Alert>
          )
        )}
        <Form.Group className="mb-3" controlId="register-worker-id">
          <Form.Label>ID de Trabajador</Form.Label>
          <Form.Control
            type="text"
            autoComplete="username"
            autoFocus
            {...fieldError(!!errors.worker_id, 'register-error')}
            {...register('worker_id')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="register-name">
          <Form.Label>Nombre</Form.Label>
          <Form.Control type="text" autoComplete="name" {...fieldError(!!errors.name, 'register-error')} {...register('name')} />
        </Form.Group>
        <Form.Group className="mb-4" controlId="register-password">
          <Form.Label>Contraseña</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            {...fieldError(!!errors.password, 'register-error')}
            {...register('password')}
          />
        </Form.Group>
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
