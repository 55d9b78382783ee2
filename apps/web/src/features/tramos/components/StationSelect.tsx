import type { ArcoOption } from '@portal/contract/arcos';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The station of a circular, among the stations of one nave. Disabled until the nave is known and
 * its stations are loaded (SPEC.md section 2).
 */
export function StationSelect({
  id,
  stations,
  loading,
  naveKnown,
  invalid,
  registration,
  current,
}: {
  id: string;
  stations: ArcoOption[];
  loading: boolean;
  naveKnown: boolean;
  invalid: boolean;
  registration: UseFormRegisterReturn;
  /** A station no longer listed (moved or renamed) still shows as the current value. */
  current?: ArcoOption | null;
}) {
  const options = current && !stations.some((s) => s.id === current.id) ? [current, ...stations] : stations;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Arco Sumergido</Form.Label>
      <Form.Select disabled={!naveKnown || loading} isInvalid={invalid} {...registration}>
        <option value="">{loading ? 'Cargando arcos sumergidos...' : '-- Seleccionar Arco Sumergido --'}</option>
        {options.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
