import { useLocation } from 'react-router';
import { AdminHandovers } from '../components/admin-handovers';
import { WorkerHandover } from '../components/worker-handover';

/**
 * 'Relevo de turno' (/dashboard/relevo) and 'Relevos de turno' (/admin/relevos): one chunk for both
 * routes, as every route costs the entry chunk its import (the login budget, scripts/check-bundle.mjs).
 */
export default function HandoverPage() {
  return useLocation().pathname.startsWith('/admin') ? <AdminHandovers /> : <WorkerHandover />;
}
