import { useLocation } from 'react-router';
import HandoverPage from '@/features/handovers/routes/handover-page';
import TimelinePage from '@/features/timeline/routes/timeline-page';

/**
 * 'Línea de tiempo' and 'Relevo de turno', of the worker's and the admin's areas, as one route chunk:
 * every lazily loaded route costs the entry chunk its import and the login screen's budget
 * (scripts/check-bundle.mjs), and these four paths share their screens.
 */
export default function ShiftPages() {
  return useLocation().pathname.includes('linea-de-tiempo') ? <TimelinePage /> : <HandoverPage />;
}
