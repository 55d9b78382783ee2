import { type NaveWithCount, naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import { RenameModal } from '@/components/rename-modal';
import { useUpdateNave } from '../api/update-nave';

const texts = { ...naveMessages, ...naveScreenTexts };

export function RenameNaveModal({
  nave,
  onHide,
  onSaved,
}: {
  nave: NaveWithCount | null;
  onHide: () => void;
  onSaved: (text: string) => void;
}) {
  const update = useUpdateNave();
  return (
    <RenameModal
      id="rename-nave"
      title={naveScreenTexts.editTitle}
      label={naveScreenTexts.name}
      item={nave}
      schema={naveBody}
      save={update}
      texts={texts}
      onHide={onHide}
      onSaved={onSaved}
    />
  );
}
