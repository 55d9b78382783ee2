import { zodResolver } from '@hookform/resolvers/zod';
import { adminLoginBody, authMessages } from '@portal/contract/auth';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { Feedback } from '@/components/feedback';
import { TextFields } from '@/components/text-field';
import { useServerForm } from '@/components/use-server-form';
import { useAdminLogin } from '../api/admin-login';
import { AuthCard } from '../components/auth-card';

const ORDER = ['worker_id', 'password'] as const;
const FIELDS = [
  { name: 'worker_id', id: 'admin-login-worker-id', label: 'ID de Trabajador', autoComplete: 'username', autoFocus: true },
  {
    name: 'password',
    id: 'admin-login-password',
    label: 'Contraseña',
    type: 'password',
    autoComplete: 'current-password',
    className: 'mb-4',
  },
] as const;

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const { register, submit, errors, message, fail } = useServerForm({
    resolver: zodResolver(adminLoginBody),
    defaultValues: { worker_id: '', password: '' },
    order: ORDER,
    texts: { fallback: authMessages.adminLoginFallback, network: authMessages.adminLoginNetwork },
  });
  const login = useAdminLogin();

  const onSubmit = submit((values) => login.mutate(values, { onSuccess: () => navigate('/admin'), onError: fail }));

  return (
    <AuthCard title="Login de Administrador">
      <Form noValidate onSubmit={onSubmit}>
        {message && <Feedback id="admin-login-error">{message}</Feedback>}
        <TextFields fields={FIELDS} register={register} errors={errors} errorId="admin-login-error" markInvalid={false} />
        <Button type="submit" className="w-100" disabled={login.isPending}>
          {login.isPending ? 'Iniciando Sesión...' : 'Iniciar Sesión'}
        </Button>
      </Form>
    </AuthCard>
  );
}
