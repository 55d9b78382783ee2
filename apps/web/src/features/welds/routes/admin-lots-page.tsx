import { type Lot, weldScreenMessages as t, weldMessages } from '@portal/contract/welds';
import { dossierScreenMessages } from '@portal/contract/welds-dossier';
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
import { useBlockLot, useLots } from '../api/lots';
import { AddLotForm } from '../components/add-lot-form';
import { LotCertificate } from '../components/lot-certificate';

/** The row's block form: the reason, then the confirmation (the server refuses an empty one too). */
function BlockForm({ lot, onDone }: { lot: Lot; onDone: (message: BannerMessage | null) => void }) {
  const block = useBlockLot();
  const [reason, setReason] = useState('');
  const id = `block-reason-${lot.id}`;
  return (
    <Form
      className="d-flex flex-wrap gap-2 align-items-end"
      noValidate
      aria-label={`${t.block} ${lot.lot_number}`}
      onSubmit={(e) => {
        e.preventDefault();
        block.mutate(
          { id: lot.id, reason },
          {
            onSuccess: (res) => onDone({ variant: 'success', text: res.message }),
            onError: (error) => onDone({ variant: 'danger', text: errorText(error, t.saveFailed, t.network) }),
          },
        );
      }}
    >
      <Form.Group controlId={id}>
        <Form.Label className="small mb-1">{t.blockReason}</Form.Label>
        <Form.Control size="sm" value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Group>
      <Button size="sm" variant="danger" type="submit" disabled={block.isPending}>
        {t.confirmBlock}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => onDone(null)}>
        {t.cancel}
      </Button>
    </Form>
  );
}

/**
 * 'Lotes de consumible' (/admin/soldadura/lotes): the wire and flux lots, newest received first;
 * register one, block it with a reason (no new circular may use it) or unblock it.
 */
export default function AdminLotsPage() {
  const lots = useLots();
  const unblock = useBlockLot();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [blocking, setBlocking] = useState<number | null>(null);
  const done = (message: BannerMessage | null) => {
    setBlocking(null);
    if (message) setBanner(message);
  };
  return (
    <div style={{ maxWidth: 1080 }}>
      <h1 className="h4 mb-3">{t.lotsTitle}</h1>
      <p className="text-body-secondary">{t.lotsHelp}</p>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={ADMIN_SUCCESS_MS} successOnly />
      <AddLotForm onResult={setBanner} />
      {lots.isError && <Feedback>{errorText(lots.error, t.loadFailed, t.loadFailed)}</Feedback>}
      {lots.isPending && <Loading text={t.loading} />}
      {lots.data && lots.data.length === 0 && <p>{t.empty}</p>}
      {lots.data && lots.data.length > 0 && (
        <ScrollTable label={t.lotsTitle} size="sm" className="align-middle">
          <ColumnHeads
            labels={[t.lotNumber, t.kind, t.classification, t.maker, t.receivedOn, t.state, dossierScreenMessages.certificate, t.actions]}
          />
          <tbody>
            {lots.data.map((lot) => (
              <tr key={lot.id} data-testid="lot-row">
                <th scope="row">{lot.lot_number}</th>
                <td>{weldMessages.lotKindName[lot.kind]}</td>
                <td>{lot.classification}</td>
                <td>{lot.maker}</td>
                <td>{formatPlainDate(lot.received_on)}</td>
                <td>
                  {lot.blocked ? (
                    <>
                      <Badge bg="danger">{t.blocked}</Badge> <span className="small">{lot.blocked_reason}</span>
                    </>
                  ) : (
                    <Badge bg="success">{t.available}</Badge>
                  )}
                </td>
                <td>
                  <LotCertificate lot={lot} onResult={setBanner} />
                </td>
                <td>
                  {lot.blocked ? (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={unblock.isPending}
                      onClick={() =>
                        unblock.mutate(
                          { id: lot.id, reason: null },
                          {
                            onSuccess: (res) => setBanner({ variant: 'success', text: res.message }),
                            onError: (error) => setBanner({ variant: 'danger', text: errorText(error, t.saveFailed, t.network) }),
                          },
                        )
                      }
                    >
                      {t.unblock} <span className="visually-hidden">{lot.lot_number}</span>
                    </Button>
                  ) : blocking === lot.id ? (
                    <BlockForm lot={lot} onDone={done} />
                  ) : (
                    <Button size="sm" variant="outline-danger" onClick={() => setBlocking(lot.id)}>
                      {t.block} <span className="visually-hidden">{lot.lot_number}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  );
}
