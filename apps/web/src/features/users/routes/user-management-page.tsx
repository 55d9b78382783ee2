import type { UserListItem } from '@portal/contract/users';
import { userMessages, userScreenTexts } from '@portal/contract/users';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { ConfirmModal } from '@/components/confirm-modal';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { useUnlockUser } from '../api/unlock-user';
import { useUpdateUserRole } from '../api/update-user-role';
import { UserCard, type UserCardActions } from '../components/user-card';

const NETWORK = userScreenTexts.network;

/** 'Gestión de Usuarios' (admin): role, password reset, login unlock and delete per user. */
export default function UserManagementPage() {
  const users = useUsers();
  const updateRole = useUpdateUserRole();
  const resetPassword = useResetUserPassword();
  const deleteUser = useDeleteUser();
  const unlockUser = useUnlockUser();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [toDelete, setToDelete] = useState<UserListItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const actions: UserCardActions = {
    onRoleChange: (user, role) => {
      setBanner(null);
      updateRole.mutate(
        { id: user.id, role },
        {
          onSuccess: () => setBanner({ variant: 'success', text: userMessages.roleUpdated }),
          onError: (error) => setBanner({ variant: 'danger', text: errorText(error, userMessages.roleFallback, NETWORK) }),
        },
      );
    },
    onResetPassword: async (user, password) => {
      setBanner(null);
      try {
        await resetPassword.mutateAsync({ id: user.id, password });
        setBanner({ variant: 'success', text: userMessages.passwordReset });
        return true;
      } catch (error) {
        setBanner({ variant: 'danger', text: errorText(error, userMessages.resetFallback, NETWORK) });
        return false;
      }
    },
    onUnlock: (user) => {
      setBanner(null);
      unlockUser.mutate(user.id, {
        onSuccess: ({ message }) => setBanner({ variant: 'success', text: message }),
        onError: (error) => setBanner({ variant: 'danger', text: errorText(error, userMessages.unlockFallback, NETWORK) }),
      });
    },
    onDelete: (user) => {
      setDeleteError(null);
      setToDelete(user);
    },
    onInvalid: (message) => setBanner({ variant: 'danger', text: message }),
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteUser.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        setBanner({ variant: 'success', text: userMessages.userDeleted });
      },
      onError: (error) => setDeleteError(errorText(error, userMessages.deleteFallback, NETWORK)),
    });
  };

  return (
    <div>
      <h1 className="h4 mb-3">Gestión de Usuarios</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      {users.isPending ? (
        <Loading text={userScreenTexts.loading} />
      ) : users.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorText(users.error, userMessages.loadUsersFallback, NETWORK)}
        </div>
      ) : users.data.length === 0 ? (
        <p className="text-muted">{userScreenTexts.empty}</p>
      ) : (
        <Row xs={1} md={2} xl={3} className="g-3">
          {users.data.map((user) => (
            <Col key={user.id}>
              <UserCard user={user} busy={updateRole.isPending && updateRole.variables?.id === user.id} actions={actions} />
            </Col>
          ))}
        </Row>
      )}
      <ConfirmModal
        show={toDelete !== null}
        busy={deleteUser.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p className="mb-1">{userMessages.confirmDeleteUser}</p>
        {toDelete && (
          <p className="mb-0 fw-semibold">
            {toDelete.name} ({toDelete.worker_id})
          </p>
        )}
      </ConfirmModal>
    </div>
  );
}
