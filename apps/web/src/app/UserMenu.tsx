import { useState } from 'react';
import NavDropdown from 'react-bootstrap/NavDropdown';
import ChangePasswordModal from '@/features/users/components/ChangePasswordModal';
import EditProfileModal from '@/features/users/components/EditProfileModal';
import { TruncatedName } from './TruncatedName';

/** The user menu of both top bars: Editar Perfil, Cambiar Contraseña (with their dialogs), Cerrar Sesión. */
export function UserMenu({ id, name, onLogout }: { id: string; name: string; onLogout: () => void }) {
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  return (
    <>
      <NavDropdown title={<TruncatedName name={name} />} id={id} align="end">
        <NavDropdown.Item as="button" onClick={() => setDialog('profile')}>
          Editar Perfil
        </NavDropdown.Item>
        <NavDropdown.Item as="button" onClick={() => setDialog('password')}>
          Cambiar Contraseña
        </NavDropdown.Item>
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" onClick={onLogout}>
          Cerrar Sesión
        </NavDropdown.Item>
      </NavDropdown>
      <EditProfileModal show={dialog === 'profile'} onHide={() => setDialog(null)} />
      <ChangePasswordModal show={dialog === 'password'} onHide={() => setDialog(null)} />
    </>
  );
}
