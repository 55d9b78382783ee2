import { pagingMessages as t } from '@portal/contract/paging';
import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

export interface FilterOption {
  value: string;
  label: string;
}

export type FilterField<K extends string> = {
  name: K;
  label: string;
} & (
  | { type: 'date' | 'text' }
  | { type: 'checkbox' }
  /** Options may depend on the other fields being edited (a nave's arcos); `resets` are cleared when it changes. */
  | {
      type: 'select';
      options: (draft: Record<K, string>) => FilterOption[];
      resets?: K[];
      disabled?: (draft: Record<K, string>) => boolean;
    }
);

/** The date range of an admin list: from and to, each a day (the list's query names them `from` and `to`). */
export const DATE_RANGE_FIELDS: FilterField<'from' | 'to'>[] = [
  { name: 'from', label: t.from, type: 'date' },
  { name: 'to', label: t.to, type: 'date' },
];

/**
 * The filters of an admin list: a labelled field each, applied together ('Aplicar filtros') into the URL,
 * or all cleared. The draft follows the applied values when they change (back, forward, a shared link).
 */
export function FilterBar<K extends string>({
  fields,
  values,
  onApply,
}: {
  fields: FilterField<K>[];
  values: Record<K, string>;
  onApply: (values: Record<K, string>) => void;
}) {
  const [draft, setDraft] = useState(values);
  const applied = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the applied values through their string form
  useEffect(() => setDraft(values), [applied]);
  const set = (patch: Partial<Record<K, string>>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    const empty = Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<K, string>;
    setDraft(empty);
    onApply(empty);
  };

  return (
    <Card className="mb-3">
      <Card.Body className="py-2">
        <Form onSubmit={submit} aria-label={t.filters}>
          <Row className="g-2 align-items-end">
            {fields.map((f) => {
              const id = `filter-${f.name}`;
              return (
                // Four fields a row at most on a wide screen, two on a phone: a select never narrows to a cut label.
                <Col key={f.name} xs={f.type === 'checkbox' ? 12 : 6} md={4} xl={3}>
                  {f.type === 'checkbox' ? (
                    <Form.Check
                      id={id}
                      label={f.label}
                      checked={draft[f.name] === 'true'}
                      onChange={(e) => set({ [f.name]: e.target.checked ? 'true' : '' } as Partial<Record<K, string>>)}
                    />
                  ) : (
                    <Form.Group controlId={id}>
                      <Form.Label className="mb-1 small">{f.label}</Form.Label>
                      {f.type === 'select' ? (
                        <Form.Select
                          size="sm"
                          value={draft[f.name]}
                          disabled={f.disabled?.(draft)}
                          onChange={(e) =>
                            set({
                              [f.name]: e.target.value,
                              ...Object.fromEntries((f.resets ?? []).map((r) => [r, ''])),
                            } as Partial<Record<K, string>>)
                          }
                        >
                          <option value="">{t.anyOption}</option>
                          {f.options(draft).map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </Form.Select>
                      ) : (
                        <Form.Control
                          size="sm"
                          type={f.type === 'date' ? 'date' : 'search'}
                          value={draft[f.name]}
                          maxLength={f.type === 'text' ? 100 : undefined}
                          onChange={(e) => set({ [f.name]: e.target.value } as Partial<Record<K, string>>)}
                        />
                      )}
                    </Form.Group>
                  )}
                </Col>
              );
            })}
            <Col xs={12} md="auto" className="d-flex gap-2">
              <Button type="submit" size="sm" variant="primary">
                {t.apply}
              </Button>
              <Button type="button" size="sm" variant="outline-secondary" onClick={clear}>
                {t.clear}
              </Button>
            </Col>
          </Row>
        </Form>
      </Card.Body>
    </Card>
  );
}
