import { Suspense, useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Outlet, useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { OfflineAlerts, OfflineBadge } from '@/components/offline-status';
import { AndonBar } from '@/features/andon/components/andon-bar';
import { removeToken, useCurrentUser } from '@/lib/token';
import { AdminFrame, SideNav } from './admin-frame';
import { UserMenu } from './user-menu';

/** The admin area: top bar, a side navigation that collapses into a drawer on small screens. */
export default function AdminShell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  const logout = () => {
    removeToken();
    navigate('/admin/login');
  };

  return (
    <AdminFrame
      onMenu={() => setMenuOpen(true)}
      onLogout={logout}
      status={<OfflineBadge />}
      bar={<UserMenu id="admin-user-menu" name={user?.name || 'Admin User'} onLogout={logout} />}
      below={<AndonBar listPath="/admin/avisos" />}
      drawer={
        <Offcanvas
          show={menuOpen}
          onHide={() => setMenuOpen(false)}
          responsive="lg"
          className="d-lg-none"
          aria-labelledby="admin-menu-title"
        >
          <Offcanvas.Header closeButton closeLabel="Cerrar">
            <Offcanvas.Title id="admin-menu-title">Administración</Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <SideNav onNavigate={() => setMenuOpen(false)} onLogout={logout} />
          </Offcanvas.Body>
        </Offcanvas>
      }
    >
      <OfflineAlerts />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </AdminFrame>
  );
}
