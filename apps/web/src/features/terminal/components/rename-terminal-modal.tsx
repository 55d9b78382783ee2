import { type AdminTerminal, renameTerminalBody, terminalMessages } from '@portal/contract/terminal';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { RenameModal } from '@/components/rename-modal';
import { useRenameTerminal } from '../api/rename-terminal';

const texts = { updated: terminalMessages.renamed, updateFallback: t.saveFallback, network: t.saveFallback };

export function RenameTerminalModal({
  terminal,
  onHide,
  onSaved,
}: {
  terminal: AdminTerminal | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const rename = useRenameTerminal();
  return (
    <RenameModal
      id="rename-terminal"
      title={t.renameTitle}
      label={t.nameLabel}
      item={terminal}
      schema={renameTerminalBody}
      save={rename}
      texts={texts}
      onHide={onHide}
      onSaved={onSaved}
    />
  );
}
