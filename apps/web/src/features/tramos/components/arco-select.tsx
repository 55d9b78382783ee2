import type { ArcoOption } from '@portal/contract/arcos';
import { tramoScreenTexts } from '@portal/contract/tramos';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CatalogSelect } from '@/components/catalog-select';
import { useArcos } from '@/lib/catalog';

/**
 * The arco sumergido of a circular, among the arcos of its nave. Disabled until the nave is known and
 * its arcos are loaded.
 */
export function ArcoSelect({
  id,
  nave,
  invalid,
  registration,
  current,
}: {
  id: string;
  nave: string | null | undefined;
  invalid: boolean;
  registration: UseFormRegisterReturn;
  /** An arco no longer listed (moved or renamed) still shows as the current value. */
  current: ArcoOption | null;
}) {
  const arcos = useArcos(nave);
  const loading = arcos.isLoading;
  const listed = arcos.data ?? [];
  const options = current && !listed.some((a) => a.id === current.id) ? [current, ...listed] : listed;
  return (
    <CatalogSelect
      className="mb-3"
      id={id}
      label={tramoScreenTexts.arcoLabel}
      by="id"
      items={options}
      first={loading ? tramoScreenTexts.loadingArcos : tramoScreenTexts.chooseArco}
      disabled={!nave || loading}
      isInvalid={invalid}
      {...registration}
    />
  );
}
