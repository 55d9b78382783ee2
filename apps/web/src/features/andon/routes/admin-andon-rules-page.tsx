import { ANDON_MINUTES_MAX, type AndonRules, andonMessages, andonRulesBody } from '@portal/contract/andon';
import { andonScreenMessages as t } from '@portal/contract/andon-screen-messages';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { ColumnHeads } from '@/components/column-heads';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { ScrollTable } from '@/components/scroll-table';
import { errorText } from '@/lib/api';
import { useMotivos } from '@/lib/motivos';
import { useAndonRules } from '../api/get-andon-rules';
import { useSaveAndonRules } from '../api/save-andon-rules';

/** The form's text fields: '' for a nave that follows the plant. */
interface Draft {
  supervisor: string;
  maintenance: string;
  naves: { nave: string; supervisor: string; maintenance: string }[];
  immediate: number[];
}

const toDraft = (r: AndonRules): Draft => ({
  supervisor: String(r.supervisor_minutes),
  maintenance: String(r.maintenance_minutes),
  naves: r.naves.map((n) => ({
    nave: n.nave,
    supervisor: n.supervisor_minutes?.toString() ?? '',
    maintenance: n.maintenance_minutes?.toString() ?? '',
  })),
  immediate: r.immediate_motivos,
});
/** An empty field follows the plant (null); anything else goes to the contract's check as a number. */
const minutes = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * 'Reglas de aviso' (/admin/avisos/reglas): after how many minutes of an open unplanned parada the
 * supervisors and then maintenance are called, for the whole plant and per nave, and the motivos that
 * call maintenance at once. Checked with the contract's schema before it is sent.
 */
export default function AdminAndonRulesPage() {
  const rules = useAndonRules();
  const save = useSaveAndonRules();
  const motivos = useMotivos();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  useEffect(() => {
    if (rules.data) setDraft(toDraft(rules.data));
  }, [rules.data]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    setBanner(null);
    const parsed = andonRulesBody.safeParse({
      supervisor_minutes: minutes(draft.supervisor) ?? Number.NaN,
      maintenance_minutes: minutes(draft.maintenance) ?? Number.NaN,
      naves: draft.naves.map((n) => ({
        nave: n.nave,
        supervisor_minutes: minutes(n.supervisor),
        maintenance_minutes: minutes(n.maintenance),
      })),
      immediate_motivos: draft.immediate,
    });
    if (!parsed.success) {
      setBanner({ variant: 'danger', text: parsed.error.issues[0]?.message ?? andonMessages.minutesInvalid });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (res) => setBanner({ variant: 'success', text: res.message }),
      onError: (error) => setBanner({ variant: 'danger', text: errorText(error, andonMessages.saveFailed, andonMessages.saveFailed) }),
    });
  };

  const setNave = (i: number, field: 'supervisor' | 'maintenance', value: string) =>
    setDraft((d) => d && { ...d, naves: d.naves.map((n, j) => (j === i ? { ...n, [field]: value } : n)) });
  const toggleMotivo = (id: number, on: boolean) =>
    setDraft((d) => d && { ...d, immediate: on ? [...d.immediate, id] : d.immediate.filter((m) => m !== id) });
  // Retired motivos stay listed while they are chosen, so saving never drops one silently.
  const offered = (motivos.data ?? []).filter((m) => m.active || draft?.immediate.includes(m.id));

  return (
    <div style={{ maxWidth: 880 }}>
      <h1 className="h4 mb-3">{andonMessages.rulesTitle}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      {rules.isError && <Feedback>{errorText(rules.error, andonMessages.loadFailed, andonMessages.loadFailed)}</Feedback>}
      {!draft ? (
        rules.isPending && <Loading text={andonMessages.loading} />
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <p className="text-body-secondary">{t.rulesHelp}</p>
          <Card as="fieldset" className="mb-3 p-3">
            <legend className="h6 float-none w-auto px-1 mb-2">{andonMessages.plantDefault}</legend>
            <div className="d-flex flex-wrap gap-3">
              {(['supervisor', 'maintenance'] as const).map((field) => (
                <Form.Group key={field} controlId={`andon-plant-${field}`}>
                  <Form.Label>{field === 'supervisor' ? andonMessages.supervisorMinutes : andonMessages.maintenanceMinutes}</Form.Label>
                  <Form.Control
                    type="number"
                    min={1}
                    max={ANDON_MINUTES_MAX}
                    required
                    value={draft[field]}
                    onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                  />
                </Form.Group>
              ))}
            </div>
          </Card>
          {draft.naves.length > 0 && (
            <ScrollTable label={andonMessages.rulesTitle} size="sm" className="align-middle mb-3">
              <caption className="caption-top">{t.followsPlantHelp}</caption>
              <ColumnHeads labels={[t.naveColumn, andonMessages.supervisorMinutes, andonMessages.maintenanceMinutes]} />
              <tbody>
                {draft.naves.map((n, i) => (
                  <tr key={n.nave}>
                    <th scope="row">{n.nave}</th>
                    {(['supervisor', 'maintenance'] as const).map((field) => (
                      <td key={field}>
                        <Form.Control
                          type="number"
                          min={1}
                          max={ANDON_MINUTES_MAX}
                          size="sm"
                          aria-label={`${field === 'supervisor' ? andonMessages.supervisorMinutes : andonMessages.maintenanceMinutes}, ${n.nave}`}
                          placeholder={field === 'supervisor' ? draft.supervisor : draft.maintenance}
                          value={n[field]}
                          onChange={(e) => setNave(i, field, e.target.value)}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
          <Card as="fieldset" className="mb-3 p-3">
            <legend className="h6 float-none w-auto px-1 mb-2">{andonMessages.immediateMotivos}</legend>
            {offered.map((m) => (
              <Form.Check
                key={m.id}
                id={`andon-motivo-${m.id}`}
                label={m.name}
                checked={draft.immediate.includes(m.id)}
                onChange={(e) => toggleMotivo(m.id, e.target.checked)}
              />
            ))}
          </Card>
          <Button type="submit" disabled={save.isPending}>
            {t.rulesSave}
          </Button>
        </Form>
      )}
    </div>
  );
}
