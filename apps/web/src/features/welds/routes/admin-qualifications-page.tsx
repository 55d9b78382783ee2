import { type Qualification, type QualificationState, weldScreenMessages as t, weldMessages } from '@portal/contract/welds';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ADMIN_SUCCESS_MS, Banner, type BannerMessage } from '@/components/banner';
import { ColumnHeads } from '@/components/column-heads';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { ScrollTable } from '@/components/scroll-table';
import { errorText } from '@/lib/api';
import { formatPlainDate } from '@/lib/dates';
import { useConfirmQualification, useQualifications } from '../api/qualifications';
import { AddQualificationForm } from '../components/add-qualification-form';

const STATE_BG: Record<QualificationState, string> = {
  vigente: 'success',
  caduca_pronto: 'warning',
  sin_confirmar: 'warning',
  caducada: 'danger',
};

/** A row's six-monthly confirmation: the date the welding coordinator confirmed it. */
function ConfirmForm({ q, onResult }: { q: Qualification; onResult: (message: BannerMessage) => void }) {
  const confirm = useConfirmQualification();
  const [date, setDate] = useState('');
  const id = `confirm-${q.id}`;
  return (
    <Form
      noValidate
      className="d-flex flex-wrap gap-2 align-items-end"
      aria-label={`${t.confirm} ${q.certificate_number}`}
      onSubmit={(e) => {
        e.preventDefault();
        confirm.mutate(
          { id: q.id, confirmed_on: date },
          {
            onSuccess: (res) => {
              setDate('');
              onResult({ variant: 'success', text: res.message });
            },
            onError: (error) => onResult({ variant: 'danger', text: errorText(error, t.qualificationSaveFailed, t.network) }),
          },
        );
      }}
    >
      <Form.Group controlId={id}>
        <Form.Label className="small mb-1">{t.confirmedOn}</Form.Label>
        <Form.Control size="sm" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Form.Group>
      <Button size="sm" type="submit" variant="outline-primary" disabled={confirm.isPending}>
        {t.confirm}
      </Button>
    </Form>
  );
}

/** Above the list: how many are expired, and how many expire within 30 days or await their confirmation. */
function ExpiryWarning({ list }: { list: Qualification[] | undefined }) {
  const expired = list?.filter((q) => q.state === 'caducada').length ?? 0;
  const attention = list?.filter((q) => q.state === 'caduca_pronto' || q.state === 'sin_confirmar').length ?? 0;
  if (expired === 0 && attention === 0) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="qualification-warning">
      {expired > 0 && <div>{t.expiredCount(expired)}</div>}
      {attention > 0 && <div>{t.attentionCount(attention)}</div>}
    </div>
  );
}

/**
 * 'Cualificaciones de operarios' (/admin/soldadura/cualificaciones): every operator's certificates with
 * today's state (expired, expiring within 30 days, past six months without confirmation); register
 * one, record its six-monthly confirmation.
 */
export default function AdminQualificationsPage() {
  const list = useQualifications();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  return (
    <div style={{ maxWidth: 1200 }}>
      <h1 className="h4 mb-3">{t.qualificationsTitle}</h1>
      <p className="text-body-secondary">{t.qualificationsHelp}</p>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      <ExpiryWarning list={list.data} />
      <AddQualificationForm onResult={setBanner} />
      {list.isError && <Feedback>{errorText(list.error, t.qualificationsLoadFailed, t.qualificationsLoadFailed)}</Feedback>}
      {list.isPending && <Loading text={t.qualificationsLoading} />}
      {list.data && list.data.length === 0 && <p>{t.noQualifications}</p>}
      {list.data && list.data.length > 0 && (
        <ScrollTable label={t.qualificationsTitle} size="sm" className="align-middle">
          <ColumnHeads
            labels={[t.operator, t.certificate, t.standard, t.process, t.issuedOn, t.expiresOn, t.confirmBy, t.state, t.actions]}
          />
          <tbody>
            {list.data.map((q) => (
              <tr key={q.id} data-testid="qualification-row">
                <td>{q.user_name}</td>
                <th scope="row">{q.certificate_number}</th>
                <td>{q.standard}</td>
                <td>{q.process}</td>
                <td>{formatPlainDate(q.issued_on)}</td>
                <td>{formatPlainDate(q.expires_on)}</td>
                <td>{formatPlainDate(q.confirm_by)}</td>
                <td>
                  <Badge bg={STATE_BG[q.state]} text={STATE_BG[q.state] === 'warning' ? 'dark' : undefined}>
                    {weldMessages.qualificationStateName[q.state]}
                  </Badge>
                </td>
                <td>{q.state !== 'caducada' && <ConfirmForm q={q} onResult={setBanner} />}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  );
}
