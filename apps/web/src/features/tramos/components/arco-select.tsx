import type { ArcoOption } from '@portal/contract/arcos';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ArcoOptions } from '@/components/arco-options';
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
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Arco Sumergido</Form.Label>
      <Form.Select disabled={!nave || loading} isInvalid={invalid} {...registration}>
        <option value="">{loading ? 'Cargando arcos sumergidos...' : '-- Seleccionar Arco Sumergido --'}</option>
        <ArcoOptions arcos={options} />
      </Form.Select>
    </Form.Group>
  );
}
