import { andonScreenMessages } from '@portal/contract/andon-screen-messages';
import type { Role } from '@portal/contract/common';
import { adminPasswordBody, roleName, type UserListItem, userMessages } from '@portal/contract/users';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { RecordHistory } from '@/components/record-history';

export interface UserCardActions {
  onRoleChange: (user: UserListItem, role: Role) => void;
  /** Resolves true when the password was reset, so the card can clear its field. */
  onResetPassword: (user: UserListItem, password: string) => Promise<boolean>;
  /** Clears the account's failed-login counters, so a blocked worker can sign in again at once. */
  onUnlock: (user: UserListItem) => void;
  onDelete: (user: UserListItem) => void;
  /** Opens the naves where the user is called by the andon as supervisor or maintenance. */
  onAndonRoles: (user: UserListItem) => void;
  onInvalid: (message: string) => void;
}

export function UserCard({ user, busy, actions }: { user: UserListItem; busy: boolean; actions: UserCardActions }) {
  const [password, setPassword] = useState('');
  const [resetting, setResetting] = useState(false);

  const submitReset = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = adminPasswordBody.safeParse({ password });
    if (!parsed.success) {
      actions.onInvalid(parsed.error.issues[0]?.message ?? userMessages.resetRequired);
      return;
    }
    setResetting(true);
    const ok = await actions.onResetPassword(user, parsed.data.password);
    setResetting(false);
    if (ok) setPassword('');
  };

  return (
    <Card className="h-100" data-testid="user-card">
      <Card.Body>
        <Card.Title className="h6 mb-1">{user.name}</Card.Title>
        <Card.Subtitle className="text-muted small mb-3">
          ID: {user.worker_id}
          {user.nave ? ` · ${user.nave}` : ''}
        </Card.Subtitle>
        <Form.Group className="mb-3" controlId={`user-role-${user.id}`}>
          <Form.Label className="small mb-1">Rol</Form.Label>
          <Form.Select size="sm" value={user.role} disabled={busy} onChange={(e) => actions.onRoleChange(user, e.target.value as Role)}>
            <option value="user">{roleName('user')}</option>
            <option value="admin">{roleName('admin')}</option>
          </Form.Select>
        </Form.Group>
        <Form noValidate onSubmit={submitReset} className="mb-3">
          <Form.Label htmlFor={`user-password-${user.id}`} className="small mb-1">
            Nueva contraseña
          </Form.Label>
          <InputGroup size="sm">
            <Form.Control
              id={`user-password-${user.id}`}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" variant="outline-primary" disabled={resetting}>
              {resetting ? 'Restableciendo...' : 'Restablecer'}
            </Button>
          </InputGroup>
        </Form>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-secondary" size="sm" disabled={busy} onClick={() => actions.onUnlock(user)}>
            Desbloquear inicio de sesión
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={() => actions.onAndonRoles(user)}>
            {andonScreenMessages.rolesButton}
          </Button>
          <Button variant="outline-danger" size="sm" onClick={() => actions.onDelete(user)}>
            Eliminar
          </Button>
        </div>
        <RecordHistory entity="user" id={user.id} />
      </Card.Body>
    </Card>
  );
}
