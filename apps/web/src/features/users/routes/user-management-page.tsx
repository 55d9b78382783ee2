import type { Role } from '@portal/contract/common';
import { pagingMessages } from '@portal/contract/paging';
import { terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages } from '@portal/contract/terminal-screen-messages';
import type { UserListItem } from '@portal/contract/users';
import { userMessages, userScreenTexts } from '@portal/contract/users';
import { userAdminTexts } from '@portal/contract/users-admin-messages';
import { type ComponentType, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { FilterBar } from '@/components/admin-list-filters';
import { Pager } from '@/components/admin-list-pager';
import { useListParams } from '@/components/admin-list-params';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { ConfirmModal } from '@/components/confirm-modal';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { useDeleteUser } from '../api/delete-user';
import { useUserPage } from '../api/get-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { useResetPin } from '../api/reset-user-pin';
import { useSetBadge } from '../api/set-user-badge';
import { useUnlockUser } from '../api/unlock-user';
import { useUpdateUserRole } from '../api/update-user-role';
import { UserCard, type UserCardActions } from '../components/user-card';

const NETWORK = userScreenTexts.network;
const FILTERS = ['q', 'role', 'sort'] as const;
const ROLE_LABELS: Record<Role, string> = userAdminTexts.roleLabels;
const SORT_LABELS = userAdminTexts.sortLabels;

/** What 'Avisos andon' opens: the andon's roles dialog, from app/user-management-page.tsx (a feature never imports another). */
export type AndonRolesDialog = ComponentType<{ user: UserListItem | null; onHide: () => void; onSaved: (message: string) => void }>;

/** 'Gestión de Usuarios' (admin): role, password reset, login unlock and delete per user. */
export default function UserManagementPage({ AndonRolesModal }: { AndonRolesModal: AndonRolesDialog }) {
  const list = useListParams(FILTERS, { sort: 'name', dir: 'asc' });
  // Names and worker IDs read A to Z; the newest accounts first.
  const users = useUserPage({ ...list.query, dir: list.sort === 'created' ? 'desc' : 'asc' });
  const [roleChange, setRoleChange] = useState<{ user: UserListItem; role: Role } | null>(null);
  const updateRole = useUpdateUserRole();
  const resetPassword = useResetUserPassword();
  const deleteUser = useDeleteUser();
  const unlockUser = useUnlockUser();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [toDelete, setToDelete] = useState<UserListItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [andonUser, setAndonUser] = useState<UserListItem | null>(null);
  const [pinReset, setPinReset] = useState<UserListItem | null>(null);
  const resetPin = useResetPin();
  const setBadge = useSetBadge();

  const actions: UserCardActions = {
    // A role change waits for its confirmation (the select keeps the stored role meanwhile).
    onRoleChange: (user, role) => setRoleChange({ user, role }),
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
    onAndonRoles: setAndonUser,
    onInvalid: (message) => setBanner({ variant: 'danger', text: message }),
    onResetPin: (user) => {
      resetPin.reset();
      setPinReset(user);
    },
    onSetBadge: async (user, code) => {
      setBanner(null);
      try {
        await setBadge.mutateAsync({ id: user.id, badge_code: code });
        setBanner({ variant: 'success', text: code === null ? terminalMessages.badgeRemoved : terminalMessages.badgeSaved });
        return true;
      } catch (error) {
        setBanner({ variant: 'danger', text: errorText(error, terminalScreenMessages.badgeFallback, NETWORK) });
        return false;
      }
    },
  };

  const confirmPinReset = () => {
    if (!pinReset) return;
    resetPin.mutate(pinReset.id, {
      onSuccess: () => {
        setPinReset(null);
        setBanner({ variant: 'success', text: terminalMessages.pinReset });
      },
    });
  };

  const confirmRole = () => {
    if (!roleChange) return;
    const { user, role } = roleChange;
    setRoleChange(null);
    setBanner(null);
    updateRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => setBanner({ variant: 'success', text: userMessages.roleUpdated }),
        onError: (error) => setBanner({ variant: 'danger', text: errorText(error, userMessages.roleFallback, NETWORK) }),
      },
    );
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
      <h1 className="h4 mb-3">{userAdminTexts.title}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      <FilterBar
        values={list.filters}
        onApply={list.setFilters}
        fields={[
          { name: 'q', label: userAdminTexts.search, type: 'text' },
          {
            name: 'role',
            label: pagingMessages.role,
            type: 'select',
            options: () => Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'sort',
            label: userAdminTexts.sortBy,
            type: 'select',
            options: () => Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label })),
          },
        ]}
      />
      {users.isPending ? (
        <Loading text={userScreenTexts.loading} />
      ) : users.isError ? (
        <Feedback>{errorText(users.error, userMessages.loadUsersFallback, NETWORK)}</Feedback>
      ) : users.data.items.length === 0 ? (
        <p className="text-muted">{userScreenTexts.empty}</p>
      ) : (
        <Row xs={1} md={2} xl={3} className="g-3">
          {users.data.items.map((user) => (
            <Col key={user.id}>
              <UserCard user={user} busy={updateRole.isPending && updateRole.variables?.id === user.id} actions={actions} />
            </Col>
          ))}
        </Row>
      )}
      {users.data && (
        <Pager total={users.data.total} page={list.page} pageSize={list.pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      )}
      <AndonRolesModal user={andonUser} onHide={() => setAndonUser(null)} onSaved={(text) => setBanner({ variant: 'success', text })} />
      <ConfirmModal
        show={pinReset !== null}
        title={terminalScreenMessages.resetPin}
        confirmLabel={terminalScreenMessages.resetPin}
        busyLabel={userAdminTexts.resetting}
        busy={resetPin.isPending}
        error={resetPin.isError ? errorText(resetPin.error, terminalScreenMessages.pinSaveFallback, NETWORK) : null}
        onConfirm={confirmPinReset}
        onCancel={() => setPinReset(null)}
      >
        {pinReset && terminalScreenMessages.confirmResetPin(pinReset.name)}
      </ConfirmModal>
      <ConfirmModal
        show={roleChange !== null}
        title={userAdminTexts.confirmRoleTitle}
        confirmLabel={userAdminTexts.changeRole}
        busyLabel={userAdminTexts.changingRole}
        onConfirm={confirmRole}
        onCancel={() => setRoleChange(null)}
      >
        {roleChange && (
          <p className="mb-0">
            {userAdminTexts.confirmRoleBefore} <strong>{roleChange.user.name}</strong> ({roleChange.user.worker_id}){' '}
            {userAdminTexts.confirmRoleTo} <strong>{ROLE_LABELS[roleChange.role].toLowerCase()}</strong>?
          </p>
        )}
      </ConfirmModal>
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
