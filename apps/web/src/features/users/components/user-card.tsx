import { andonScreenMessages } from '@portal/contract/andon-screen-messages';
import type { Role } from '@portal/contract/common';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { adminPasswordBody, roleName, type UserListItem, userMessages } from '@portal/contract/users';
import { userAdminTexts } from '@portal/contract/users-admin-messages';
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
  /** Asks to confirm, then removes the worker's station-terminal PIN. */
  onResetPin: (user: UserListItem) => void;
  /** Records (or with null removes) the worker's badge code; resolves true when saved. */
  onSetBadge: (user: UserListItem, code: string | null) => Promise<boolean>;
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
          {userAdminTexts.workerId} {user.worker_id}
          {user.nave ? ` · ${user.nave}` : ''}
        </Card.Subtitle>
        <Form.Group className="mb-3" controlId={`user-role-${user.id}`}>
          <Form.Label className="small mb-1">{userAdminTexts.role}</Form.Label>
          <Form.Select size="sm" value={user.role} disabled={busy} onChange={(e) => actions.onRoleChange(user, e.target.value as Role)}>
            <option value="user">{roleName('user')}</option>
            <option value="admin">{roleName('admin')}</option>
          </Form.Select>
        </Form.Group>
        <Form noValidate onSubmit={submitReset} className="mb-3">
          <Form.Label htmlFor={`user-password-${user.id}`} className="small mb-1">
            {userAdminTexts.newPassword}
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
              {resetting ? userAdminTexts.resetting : userAdminTexts.resetPassword}
            </Button>
          </InputGroup>
        </Form>
        <BadgeForm user={user} actions={actions} />
        <div className="d-flex flex-wrap gap-2">
          {user.has_pin && (
            <Button variant="outline-secondary" size="sm" onClick={() => actions.onResetPin(user)}>
              {t.resetPin}
            </Button>
          )}
          <Button variant="outline-secondary" size="sm" disabled={busy} onClick={() => actions.onUnlock(user)}>
            {userAdminTexts.unlock}
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={() => actions.onAndonRoles(user)}>
            {andonScreenMessages.rolesButton}
          </Button>
          <Button variant="outline-danger" size="sm" onClick={() => actions.onDelete(user)}>
            {userAdminTexts.remove}
          </Button>
        </div>
        <RecordHistory entity="user" id={user.id} />
      </Card.Body>
    </Card>
  );
}

/** The badge a reader types at the station terminal: recorded hashed, so the field starts empty. */
function BadgeForm({ user, actions }: { user: UserListItem; actions: UserCardActions }) {
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async (value: string | null) => {
    setSaving(true);
    if (await actions.onSetBadge(user, value)) setCode('');
    setSaving(false);
  };
  return (
    <Form
      noValidate
      className="mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save(code);
      }}
    >
      <Form.Label htmlFor={`user-badge-${user.id}`} className="small mb-1">
        {t.badgeLabel}
        {user.has_badge ? ` (${t.badge.toLowerCase()} asignada)` : ''}
      </Form.Label>
      <InputGroup size="sm">
        <Form.Control id={`user-badge-${user.id}`} autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} />
        <Button type="submit" variant="outline-primary" disabled={saving}>
          {t.save}
        </Button>
        {user.has_badge && (
          <Button variant="outline-secondary" disabled={saving} onClick={() => void save(null)}>
            {t.badgeRemove}
          </Button>
        )}
      </InputGroup>
    </Form>
  );
}
