import { type AdminTerminal, renameTerminalBody, terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { type RenameClose, type RenameDialog, RenameModal } from '@/components/rename-modal';
import { useRenameTerminal } from '../api/rename-terminal';

const dialog: RenameDialog = {
  id: 'rename-terminal',
  title: t.renameTitle,
  label: t.nameLabel,
  schema: renameTerminalBody,
  texts: { updated: terminalMessages.renamed, updateFallback: t.saveFallback, network: t.saveFallback },
};

export function RenameTerminalModal({ terminal, ...close }: RenameClose & { terminal: AdminTerminal | null }) {
  const rename = useRenameTerminal();
  return <RenameModal dialog={dialog} item={terminal} save={rename} {...close} />;
}
