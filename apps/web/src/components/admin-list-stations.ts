import type { Arco } from '@portal/contract/arcos';
import { pagingMessages as t } from '@portal/contract/paging';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { catalogAdminKeys } from '@/lib/catalog-admin';
import type { FilterField } from './admin-list-filters';

type StationKeys = 'nave_id' | 'arco_sumergido_id';

/** The nave and arco filters of the admin lists: the arco list narrows to the chosen nave's. */
export function useStationFields(withNave = true): FilterField<StationKeys>[] {
  const naves = useNaves();
  // A refusal leaves the filter empty: the list's own call says what went wrong, and the session stays.
  const arcos = useQuery({
    queryKey: catalogAdminKeys.arcoFilters,
    queryFn: () => api<Arco[]>('/api/admin/arcos-sumergidos', { endSessionOnAuthError: false }),
  });
  const naveName = (id: string) => naves.data?.find((n) => String(n.id) === id)?.name;
  const arco: FilterField<StationKeys> = {
    name: 'arco_sumergido_id',
    label: t.arco,
    type: 'select',
    options: (draft) => {
      const nave = withNave ? naveName(draft.nave_id) : undefined;
      return (arcos.data ?? [])
        .filter((a) => !nave || a.nave === nave)
        .map((a) => ({ value: String(a.id), label: nave ? a.name : `${a.name} (${a.nave})` }));
    },
  };
  if (!withNave) return [arco];
  return [
    {
      name: 'nave_id',
      label: t.nave,
      type: 'select',
      options: () => (naves.data ?? []).map((n) => ({ value: String(n.id), label: n.name })),
      resets: ['arco_sumergido_id'],
    },
    arco,
  ];
}
