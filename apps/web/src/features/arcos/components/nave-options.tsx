import type { Nave } from '@portal/contract/naves';

/** The nave select of the arco forms: the empty choice, then each nave by its name. */
export function NaveOptions({ naves }: { naves: readonly Nave[] }) {
  return (
    <>
      <option value="">-- Seleccionar Nave --</option>
      {naves.map((n) => (
        <option key={n.id} value={n.name}>
          {n.name}
        </option>
      ))}
    </>
  );
}
