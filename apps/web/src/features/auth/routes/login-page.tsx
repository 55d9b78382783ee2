import type { loginBody } from '@portal/contract/auth';
import { authMessages } from '@portal/contract/auth-messages';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CatalogSelect } from '@/components/catalog-select';
import { Feedback } from '@/components/feedback';
import { TextFields } from '@/components/text-field';
import { useLightServerForm } from '@/components/use-light-form';
import { useArcos, useNaves } from '@/lib/catalog';
import { fieldError } from '@/lib/field-error';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const ORDER = ['worker_id', 'password', 'nave', 'arco_sumergido_id'] as const;
const FIELDS = [
  { name: 'worker_id', id: 'login-worker-id', label: 'ID de Trabajador', autoComplete: 'username', autoFocus: true },
  { name: 'password', id: 'login-password', label: 'Contraseña', type: 'password', autoComplete: 'current-password' },
] as const;

// zod and the schema load when the worker first types or taps in the form, not with the screen: the
// login's budget counts every script loaded before the network is idle (scripts/check-bundle.mjs). A
// submit before they arrive waits for them.
const validation = lazyResolver(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('@portal/contract/auth')]).then(([{ zodResolver }, { loginBody }]) =>
    zodResolver(loginBody),
  ),
);

export default function LoginPage() {
  const navigate = useNavigate();
  const { register, submit, watch, setValue, errors, message, fail } = useLightServerForm<
    z.input<typeof loginBody>,
    z.output<typeof loginBody>
  >({
    resolver: validation.resolver,
    defaultValues: { worker_id: '', password: '', nave: '', arco_sumergido_id: '' },
    order: ORDER,
    texts: { fallback: authMessages.loginFallback, network: authMessages.loginNetwork },
  });
  const nave = watch('nave');
  const naves = useNaves();
  const arcos = useArcos(nave);
  const login = useLogin();

  const onSubmit = submit((values) => login.mutate(values, { onSuccess: () => navigate('/dashboard'), onError: fail }));

  return (
    <AuthCard title="Iniciar Sesión">
      <form noValidate onSubmit={onSubmit} onKeyDown={validation.preload} onPointerDown={validation.preload}>
        {message && <Feedback id="login-error">{message}</Feedback>}
        <TextFields fields={FIELDS} register={register} errors={errors} errorId="login-error" markInvalid={false} />
        <CatalogSelect
          className="mb-3"
          id="login-nave"
          label="Seleccionar Nave"
          by="name"
          items={naves.data}
          first="-- Seleccionar Nave --"
          {...fieldError(!!errors.nave, 'login-error')}
          {...register('nave', {
            // An arco belongs to one nave: a new nave clears the chosen arco.
            onChange: () => setValue('arco_sumergido_id', ''),
          })}
        />
        <CatalogSelect
          className="mb-4"
          id="login-arco"
          label="Seleccionar Arco Sumergido"
          by="id"
          items={arcos.data}
          first="-- Seleccionar Arco Sumergido --"
          disabled={!nave}
          {...fieldError(!!errors.arco_sumergido_id, 'login-error')}
          {...register('arco_sumergido_id')}
        />
        {/* react-bootstrap's Button and Form written out, as they render: the login carries no form
            library (docs/decisions/070-login-without-a-form-library.md). */}
        <button type="submit" className="w-100 btn btn-primary" disabled={login.isPending}>
          {login.isPending ? 'Iniciando Sesión...' : 'Iniciar Sesión'}
        </button>
      </form>
      <p className="text-center mt-3 mb-0">
        <Link to="/register">¿No tienes una cuenta? Regístrate aquí</Link>
      </p>
    </AuthCard>
  );
}
