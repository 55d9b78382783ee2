import { type AndonLevel, andonMessages } from '@portal/contract/andon';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import type { UserListItem } from '@portal/contract/users';
import { type FormEvent, useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { useAndonRoles, useSaveAndonRoles } from '../api/andon-roles';

type Marks = Record<AndonLevel, string[]>;

/**
 * 'Avisos andon' of a user (admin): the naves where they are called as supervisor and as maintenance.
 * A capability beside the role: their rights as a worker or an administrator stay as they are.
 */
export function AndonRolesModal({
  user,
  onHide,
  onSaved,
}: {
  user: UserListItem | null;
  onHide: () => void;
  onSaved: (message: string) => void;
}) {
  const roles = useAndonRoles(user?.id ?? null);
  const naves = useNaves();
  const save = useSaveAndonRoles();
  const [marks, setMarks] = useState<Marks | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    setMarks(user && roles.data?.user_id === user.id ? { supervisor: roles.data.supervisor, maintenance: roles.data.maintenance } : null);
  }, [user, roles.data]);

  const toggle = (level: AndonLevel, nave: string, on: boolean) =>
    setMarks((m) => m && { ...m, [level]: on ? [...m[level], nave] : m[level].filter((n) => n !== nave) });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!user || !marks) return;
    setError(null);
    save.mutate(
      { id: user.id, ...marks },
      {
        onSuccess: (res) => {
          onHide();
          onSaved(res.message);
        },
        onError: (err) => setError(errorText(err, andonMessages.saveFailed, andonMessages.saveFailed)),
      },
    );
  };

  return (
    <EditModalFrame
      id="andon-roles"
      title={`${t.rolesButton}: ${user?.name ?? ''}`}
      show={user !== null}
      message={error ?? (roles.isError ? errorText(roles.error, andonMessages.loadFailed, andonMessages.loadFailed) : null)}
      busy={save.isPending || !marks}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <p className="small text-body-secondary">{t.rolesHelp}</p>
      {!marks
        ? !roles.isError && <Loading text={andonMessages.loading} />
        : (['supervisor', 'maintenance'] as const).map((level) => (
            <fieldset key={level} className="mb-3">
              <legend className="h6">{level === 'supervisor' ? andonMessages.supervisorOf : andonMessages.maintenanceOf}</legend>
              {(naves.data ?? []).map((nave) => (
                <Form.Check
                  key={nave.name}
                  id={`andon-${level}-${nave.name}`}
                  label={nave.name}
                  checked={marks[level].includes(nave.name)}
                  onChange={(e) => toggle(level, nave.name, e.target.checked)}
                />
              ))}
            </fieldset>
          ))}
    </EditModalFrame>
  );
}
