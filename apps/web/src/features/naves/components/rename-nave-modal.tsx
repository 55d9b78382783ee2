import { type NaveWithCount, naveBody, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import { type RenameClose, type RenameDialog, RenameModal } from '@/components/rename-modal';
import { useUpdateNave } from '../api/update-nave';

const dialog: RenameDialog = {
  id: 'rename-nave',
  title: naveScreenTexts.editTitle,
  label: naveScreenTexts.name,
  schema: naveBody,
  texts: { ...naveMessages, ...naveScreenTexts },
};

export function RenameNaveModal({ nave, ...close }: RenameClose & { nave: NaveWithCount | null }) {
  const update = useUpdateNave();
  return <RenameModal dialog={dialog} item={nave} save={update} {...close} />;
}
