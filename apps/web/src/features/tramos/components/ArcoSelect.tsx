import type { ArcoOption } from '@portal/contract/arcos';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The arco of a circular, among the arcos of one nave. Disabled until the nave is known and its arcos
 * are loaded.
 */
export function ArcoSelect({
  id,
  arcos,
  loading,
  naveKnown,
  invalid,
  registration,
  current,
}: {
  id: string;
  arcos: ArcoOption[];
  loading: boolean;
  naveKnown: boolean;
  invalid: boolean;
  registration: UseFormRegisterReturn;
  /** An arco no longer listed (moved or renamed) still shows as the current value. */
  current?: ArcoOption | null;
}) {
  const options = current && !arcos.some((a) => a.id === current.id) ? [current, ...arcos] : arcos;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Arco Sumergido</Form.Label>
      <Form.Select disabled={!naveKnown || loading} isInvalid={invalid} {...registration}>
        <option value="">{loading ? 'Cargando arcos sumergidos...' : '-- Seleccionar Arco Sumergido --'}</option>
        {options.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
