import ArcosPage from '@/features/arcos/routes/admin-arcos-page';
import { TerminalCodeModal } from '@/features/terminal/components/terminal-code-modal';

/** Admin 'Arcos Sumergidos' with the terminal's enrolment code dialog. */
export default function AdminArcosRoute() {
  return <ArcosPage TerminalCodeModal={TerminalCodeModal} />;
}
