import { type MotivoSavedResponse, motivoAdminTexts, motivoMessages } from '@portal/contract/motivos';
import { useCallback, useEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText } from '@/lib/api';
import { useMotivos } from '@/lib/motivos';
import { useCreateMotivo } from '../api/create-motivo';
import { useUpdateMotivo } from '../api/update-motivo';

/** Admin 'Motivos de parada': add, rename, retire (stays on old paradas) and reactivate. */
export default function AdminMotivosPage() {
  const motivos = useMotivos();
  const create = useCreateMotivo();
  const update = useUpdateMotivo();
  const pending = create.isPending || update.isPending;
  const [name, setName] = useState('');
  const [planned, setPlanned] = useState(false);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const closeBanner = useCallback(() => setBanner(null), []);
  // The inline edit behaves as a small dialog: focus goes into its field, and back to the row's
  // Editar when it is saved or left with Escape (e2e/tests/a11y.spec.ts).
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const editInput = useRef<HTMLInputElement>(null);
  const focusAfter = useFocusAfter(editing === null);
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId !== undefined) editInput.current?.focus();
  }, [editingId]);
  const closeEdit = (id: number) => {
    setEditing(null);
    focusAfter(() => editButtons.current.get(id));
  };

  /** The outcome of a save as the banner, then `done`. */
  const outcome = (done?: () => void) => ({
    onSuccess: (res: MotivoSavedResponse) => {
      setBanner({ variant: 'success', text: res.message });
      done?.();
    },
    onError: (e: unknown) => setBanner({ variant: 'danger', text: errorText(e, motivoMessages.saveFailed, motivoMessages.saveFailed) }),
  });

  return (
    <div style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-3">{motivoMessages.title}</h1>
      <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
      <Form
        className="d-flex gap-2 align-items-end mb-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, planned },
            outcome(() => {
              setName('');
              setPlanned(false);
            }),
          );
        }}
      >
        <Form.Group controlId="motivo-name" className="flex-fill">
          <Form.Label>{motivoMessages.name}</Form.Label>
          <Form.Control value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
        </Form.Group>
        <Form.Check
          type="switch"
          id="motivo-planned"
          className="mb-2"
          label={motivoMessages.planned}
          checked={planned}
          onChange={(e) => setPlanned(e.target.checked)}
        />
        <Button type="submit" disabled={pending}>
          {motivoMessages.add}
        </Button>
      </Form>
      <p className="text-muted small">{motivoMessages.plannedHint}</p>
      {motivos.isPending && <p className="text-muted">{motivoMessages.loading}</p>}
      {motivos.isError && <Feedback>{motivoMessages.loadFailed}</Feedback>}
      {motivos.data?.length === 0 && <p className="text-muted">{motivoMessages.empty}</p>}
      <ListGroup>
        {(motivos.data ?? []).map((m) => (
          <ListGroup.Item key={m.id} className="d-flex flex-wrap align-items-center gap-2" data-testid="motivo-item">
            {editing?.id === m.id ? (
              <Form
                className="d-flex gap-2 flex-fill"
                onSubmit={(e) => {
                  e.preventDefault();
                  update.mutate(
                    { id: m.id, name: editing.name },
                    outcome(() => closeEdit(m.id)),
                  );
                }}
              >
                <Form.Control
                  ref={editInput}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') closeEdit(m.id);
                  }}
                  aria-label={motivoMessages.name}
                  value={editing.name}
                  onChange={(e) => setEditing({ id: m.id, name: e.target.value })}
                  maxLength={80}
                />
                <Button type="submit" size="sm" disabled={pending}>
                  {motivoMessages.save}
                </Button>
              </Form>
            ) : (
              <>
                <span className="fw-semibold me-auto">{m.name}</span>
                <Form.Check
                  type="switch"
                  id={`motivo-planned-${m.id}`}
                  label={motivoMessages.planned}
                  aria-label={`${motivoMessages.planned}: ${m.name}`}
                  checked={m.planned}
                  disabled={pending}
                  onChange={(e) => update.mutate({ id: m.id, planned: e.target.checked }, outcome())}
                />
                <Badge bg={m.active ? 'success' : 'secondary'}>{m.active ? motivoMessages.active : motivoMessages.retiredState}</Badge>
                <Button
                  ref={(el: HTMLButtonElement | null) => {
                    if (el) editButtons.current.set(m.id, el);
                    else editButtons.current.delete(m.id);
                  }}
                  size="sm"
                  variant="outline-primary"
                  onClick={() => setEditing({ id: m.id, name: m.name })}
                >
                  {motivoAdminTexts.edit}
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => update.mutate({ id: m.id, active: !m.active }, outcome())}>
                  {m.active ? motivoMessages.retire : motivoMessages.reactivate}
                </Button>
              </>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </div>
  );
}
