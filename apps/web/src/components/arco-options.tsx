import type { ArcoOption } from '@portal/contract/arcos';

/** The `<option>`s of an arco select: the arco's id as value, its name as label. */
export function ArcoOptions({ arcos }: { arcos: readonly ArcoOption[] }) {
  return arcos.map((a) => (
    <option key={a.id} value={String(a.id)}>
      {a.name}
    </option>
  ));
}
