import { zodResolver } from '@hookform/resolvers/zod';
import { adminLoginBody, authMessages } from '@portal/contract/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api';
import { fieldError } from '@/lib/field-error';
import { firstError } from '@/lib/first-error';
import { useAdminLogin } from '../api/admin-login';
import { AuthCard } from '../components/auth-card';

const ORDER = ['worker_id', 'password'] as const;

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(adminLoginBody), defaultValues: { worker_id: '', password: '' } });
  const login = useAdminLogin();

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onSuccess: () => navigate('/admin'),
      onError: (error) => setServerError(errorText(error, authMessages.adminLoginFallback, authMessages.adminLoginNetwork)),
    });
  });

  const message = firstError(errors, ORDER) ?? serverError;

  return (
    <AuthCard title="Login de Administrador">
      <Form noValidate onSubmit={onSubmit}>
        {message && (
          <Alert variant="danger" role="alert" id="admin-login-error">
            {message}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="admin-login-worker-id">
          <Form.Label>ID de Trabajador</Form.Label>
          <Form.Control
            type="text"
            autoComplete="username"
            autoFocus
            {...fieldError(!!errors.worker_id, 'admin-login-error')}
            {...register('worker_id')}
          />
        </Form.Group>
        <Form.Group className="mb-4" controlId="admin-login-password">
          <Form.Label>Contraseña</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            {...fieldError(!!errors.password, 'admin-login-error')}
            {...register('password')}
          />
        </Form.Group>
        <Button type="submit" className="w-100" disabled={login.isPending}>
          {login.isPending ? 'Iniciando Sesión...' : 'Iniciar Sesión'}
        </Button>
      </Form>
    </AuthCard>
  );
}
