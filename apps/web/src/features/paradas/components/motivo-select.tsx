import { motivoMessages } from '@portal/contract/motivos-messages';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMotivos } from '@/lib/motivos';

/**
 * The optional motivo of a parada: the active motivos, plus `current` when it has been retired since
 * (it stays on old paradas). '' means none.
 */
export function MotivoSelect({
  id,
  registration,
  current = null,
  disabled = false,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  current?: number | null;
  disabled?: boolean;
}) {
  const motivos = useMotivos();
  const options = (motivos.data ?? []).filter((m) => m.active || m.id === current);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{motivoMessages.label}</Form.Label>
      <Form.Select disabled={disabled} {...registration}>
        <option value="">{motivoMessages.none}</option>
        {options.map((m) => (
          <option key={m.id} value={String(m.id)}>
            {m.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
