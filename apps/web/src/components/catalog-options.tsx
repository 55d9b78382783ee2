import type { ArcoOption } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';

/** The options of a nave select: a nave is chosen by its name. */
export function NaveOptions({ naves, placeholder }: { naves: readonly Nave[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {naves.map((n) => (
        <option key={n.id} value={n.name}>
          {n.name}
        </option>
      ))}
    </>
  );
}

/** The options of an arco select: an arco is chosen by its id. */
export function ArcoOptions({ arcos, placeholder }: { arcos: readonly ArcoOption[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {arcos.map((a) => (
        <option key={a.id} value={String(a.id)}>
          {a.name}
        </option>
      ))}
    </>
  );
}
