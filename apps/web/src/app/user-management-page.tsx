import { AndonRolesModal } from '@/features/andon/components/andon-roles-modal';
import UserManagementPage from '@/features/users/routes/user-management-page';

/** 'Gestión de Usuarios' with the andon's roles dialog ('Avisos andon'). */
export default function UserManagementRoute() {
  return <UserManagementPage AndonRolesModal={AndonRolesModal} />;
}
