import type { UserListItem } from '@portal/contract/users';
import { userMessages, userScreenTexts } from '@portal/contract/users';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Banner, type BannerMessage } from '@/components/Banner';
import { ConfirmModal } from '@/components/ConfirmModal';
import { QueryList } from '@/components/query-list';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { errorText } from '@/lib/api';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { useUpdateUserRole } from '../api/update-user-role';
import { UserCard, type UserCardActions } from '../components/UserCard';

const NETWORK = userScreenTexts.network;
const listTexts = {
  loading: userScreenTexts.loading,
  loadFallback: userMessages.loadUsersFallback,
  network: NETWORK,
  empty: userScreenTexts.empty,
};

/** 'Gestión de Usuarios' (admin): role, password reset and delete per user. */
export default function UserManagementPage() {
  const users = useUsers();
  const updateRole = useUpdateUserRole();
  const resetPassword = useResetUserPassword();
  const deleteUser = useDeleteUser();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const deletion = useConfirmDelete<UserListItem>(
    deleteUser,
    { deleted: userMessages.userDeleted, deleteFallback: userMessages.deleteFallback, network: NETWORK },
    (text) => setBanner({ variant: 'success', text }),
  );

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
    onDelete: deletion.ask,
    onInvalid: (message) => setBanner({ variant: 'danger', text: message }),
  };

  return (
    <div>
      <h1 className="h4 mb-3">Gestión de Usuarios</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      <QueryList query={users} texts={listTexts}>
        {(items) => (
          <Row xs={1} md={2} xl={3} className="g-3">
            {items.map((user) => (
              <Col key={user.id}>
                <UserCard user={user} busy={updateRole.isPending && updateRole.variables?.id === user.id} actions={actions} />
              </Col>
            ))}
          </Row>
        )}
      </QueryList>
      <ConfirmModal {...deletion.modal}>
        <p className="mb-1">{userMessages.confirmDeleteUser}</p>
        {deletion.pending && (
          <p className="mb-0 fw-semibold">
            {deletion.pending.name} ({deletion.pending.worker_id})
          </p>
        )}
      </ConfirmModal>
    </div>
  );
}
