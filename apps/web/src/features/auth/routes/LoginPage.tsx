import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, loginBody } from '@portal/contract/auth';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { errorText } from '@/lib/api';
import { useArcosByNave } from '../api/get-arcos-by-nave';
import { useNaves } from '../api/get-naves';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { firstError } from '../components/firstError';

const ORDER = ['worker_id', 'password', 'nave', 'arco_sumergido_id'] as const;

export default function LoginPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { worker_id: '', password: '', nave: '', arco_sumergido_id: '' },
  });
  const nave = watch('nave');
  const naves = useNaves();
  const arcos = useArcosByNave(nave);
  const login = useLogin();

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onSuccess: () => navigate('/dashboard'),
      onError: (error) => setServerError(errorText(error, authMessages.loginFallback, authMessages.loginNetwork)),
    });
  });

  const validation = firstError(errors, ORDER);
  const stations = nave ? (arcos.data ?? []) : [];

  return (
    <AuthCard title="Iniciar Sesión">
      <Form noValidate onSubmit={onSubmit}>
        {(validation || serverError) && (
          <Alert variant="danger" role="alert">
            {validation ?? serverError}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="login-worker-id">
          <Form.Label>ID de Trabajador</Form.Label>
          <Form.Control type="text" autoComplete="username" autoFocus {...register('worker_id')} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="login-password">
          <Form.Label>Contraseña</Form.Label>
          <Form.Control type="password" autoComplete="current-password" {...register('password')} />
        </Form.Group>
        <Form.Group className="mb-3" controlId="login-nave">
          <Form.Label>Seleccionar Nave</Form.Label>
          <Form.Select
            {...register('nave', {
              // A station belongs to one nave: a new nave clears the chosen station (SPEC.md section 4).
              onChange: () => setValue('arco_sumergido_id', ''),
            })}
          >
            <option value="">-- Seleccionar Nave --</option>
            {(naves.data ?? []).map((n) => (
              <option key={n.id} value={n.name}>
                {n.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-4" controlId="login-arco">
          <Form.Label>Seleccionar Arco Sumergido</Form.Label>
          <Form.Select disabled={!nave} {...register('arco_sumergido_id')}>
            <option value="">-- Seleccionar Arco Sumergido --</option>
            {stations.map((a) => (
              <option key={a.id} value={String(a.id)}>
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
