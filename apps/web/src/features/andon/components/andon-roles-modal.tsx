import { zodResolver } from '@hookform/resolvers/zod';
import { type AndonLevel, type AndonRolesBody, andonMessages, andonRolesBody } from '@portal/contract/andon';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import type { UserListItem } from '@portal/contract/users';
import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { EditModalFrame } from '@/components/edit-modal-frame';
import { Loading } from '@/components/loading';
import { useServerForm } from '@/components/use-server-form';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { useAndonRoles } from '../api/get-andon-roles';
import { useSaveAndonRoles } from '../api/save-andon-roles';

const LEVELS = ['supervisor', 'maintenance'] as const satisfies readonly AndonLevel[];

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
  // The form is shown once this user's roles are in it (a reset, one render after their answer).
  const [filledFor, setFilledFor] = useState<number | null>(null);
  const { submit, reset, watch, setValue, message, fail, setServerError } = useServerForm<AndonRolesBody>({
    resolver: zodResolver(andonRolesBody),
    defaultValues: { supervisor: [], maintenance: [] },
    order: LEVELS,
    texts: { fallback: andonMessages.saveFailed, network: andonMessages.saveFailed },
  });
  useEffect(() => {
    setServerError(null);
    const data = user && roles.data?.user_id === user.id ? roles.data : null;
    if (data) reset({ supervisor: data.supervisor, maintenance: data.maintenance });
    setFilledFor(data ? data.user_id : null);
  }, [user, roles.data, reset, setServerError]);
  const marks = user && filledFor === user.id ? watch() : null;

  const toggle = (level: AndonLevel, nave: string, on: boolean) => {
    const current = watch(level);
    setValue(level, on ? [...current, nave] : current.filter((n) => n !== nave));
  };
  const onSubmit = submit((values) => {
    if (!user) return;
    save.mutate(
      { id: user.id, ...values },
      {
        onSuccess: (res) => {
          onHide();
          onSaved(res.message);
        },
        onError: fail,
      },
    );
  });

  return (
    <EditModalFrame
      id="andon-roles"
      title={`${t.rolesButton}: ${user?.name ?? ''}`}
      show={user !== null}
      message={message ?? (roles.isError ? errorText(roles.error, andonMessages.loadFailed, andonMessages.loadFailed) : null)}
      busy={save.isPending || !marks}
      onHide={onHide}
      onSubmit={onSubmit}
    >
      <p className="small text-body-secondary">{t.rolesHelp}</p>
      {!marks
        ? !roles.isError && <Loading text={andonMessages.loading} />
        : LEVELS.map((level) => (
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
