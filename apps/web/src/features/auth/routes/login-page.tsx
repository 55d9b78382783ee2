import type { loginBody } from '@portal/contract/auth';
import { authMessages } from '@portal/contract/auth-messages';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorText } from '@/lib/api';
import { useArcos, useNaves } from '@/lib/catalog';
import { fieldError } from '@/lib/field-error';
import { firstError } from '@/lib/first-error';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const ORDER = ['worker_id', 'password', 'nave', 'arco_sumergido_id'] as const;

// zod and the schema load after the screen shows (the login screen's 120 KB budget, scripts/check-bundle.mjs).
const validation = lazyResolver(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('@portal/contract/auth')]).then(([{ zodResolver }, { loginBody }]) =>
    zodResolver(loginBody),
  ),
);

export default function LoginPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: validation.resolver,
    defaultValues: { worker_id: '', password: '', nave: '', arco_sumergido_id: '' },
  });
  useEffect(validation.preload, []);
  const nave = watch('nave');
  const naves = useNaves();
  const arcos = useArcos(nave);
  const login = useLogin();

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onSuccess: () => navigate('/dashboard'),
      onError: (error) => setServerError(errorText(error, authMessages.loginFallback, authMessages.loginNetwork)),
    });
  });

  const invalid = firstError(errors, ORDER);

  return (
    <AuthCard title="Iniciar Sesión">
      <Form noValidate onSubmit={onSubmit}>
        {(invalid || serverError) && (
          <div className="alert alert-danger" role="alert" id="login-error">
            {invalid ?? serverError}
          </div>
        )}
        <Form.Group className="mb-3" controlId="login-worker-id">
          <Form.Label>ID de Trabajador</Form.Label>
          <Form.Control
            type="text"
            autoComplete="username"
            autoFocus
            {...fieldError(!!errors.worker_id, 'login-error')}
            {...register('worker_id')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="login-password">
          <Form.Label>Contraseña</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            {...fieldError(!!errors.password, 'login-error')}
            {...register('password')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="login-nave">
          <Form.Label>Seleccionar Nave</Form.Label>
          <Form.Select
            {...fieldError(!!errors.nave, 'login-error')}
            {...register('nave', {
              // An arco belongs to one nave: a new nave clears the chosen arco.
              onChange: () => setValue('arco_sumergido_id', ''),
            })}
          >
            <option value="">-- Seleccionar Nave --</option>
            {naves.data?.map((n) => (
              <option key={n.id} value={n.name}>
                {n.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-4" controlId="login-arco">
          <Form.Label>Seleccionar Arco Sumergido</Form.Label>
          <Form.Select disabled={!nave} {...fieldError(!!errors.arco_sumergido_id, 'login-error')} {...register('arco_sumergido_id')}>
            <option value="">-- Seleccionar Arco Sumergido --</option>
            {arcos.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" className="w-100" disabled={login.isPending}>
          {login.isPending ? 'Iniciando Sesión...' : 'Iniciar Sesión'}
        </Button>
      </Form>
      <p className="text-center mt-3 mb-0">
        <Link to="/register">¿No tienes una cuenta? Regístrate aquí</Link>
      </p>
    </AuthCard>
  );
}
