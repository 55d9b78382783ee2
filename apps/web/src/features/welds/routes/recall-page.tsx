import { weldMessages } from '@portal/contract/welds';
import { RECALL_SCREEN_PAGE, weldFiguresMessages as t } from '@portal/contract/welds-figures';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ColumnHeads } from '@/components/column-heads';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { ScrollTable } from '@/components/scroll-table';
import { errorText } from '@/lib/api';
import { formatPlainDate } from '@/lib/dates';
import { downloadFile } from '@/lib/download';
import { type RecallTarget, recallPath, useRecall } from '../api/figures';
import { RecallForm } from '../components/recall-form';

/** 'Descargar CSV': every row of the recall, as the server writes it (decision 067). */
function DownloadCsv({ recall }: { recall: RecallTarget }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="mb-3">
      <Button
        variant="primary"
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setResult(null);
          try {
            const name = await downloadFile(`${recallPath(recall)}.csv`, {}, 'trazabilidad.csv');
            setResult({ ok: true, text: t.downloaded(name) });
          } catch (error) {
            setResult({ ok: false, text: errorText(error, t.downloadFailed, t.network) });
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? t.downloading : t.downloadCsv}
      </Button>
      <div aria-live="polite" className="small mt-1">
        {result && <span className={result.ok ? 'text-success-emphasis' : 'text-danger'}>{result.text}</span>}
      </div>
    </div>
  );
}

/**
 * 'Trazabilidad' (/admin/soldadura/trazabilidad, /dashboard/soldadura/trazabilidad): the circulares of a
 * lot, of an operator's qualification or of a procedure's revision, page by page as the API pages
 * them, and the whole list as CSV (docs/decisions/087-weld-figures-screens.md). Administrators and
 * Calidad; the server refuses anyone else.
 */
export default function RecallPage() {
  const [recall, setRecall] = useState<RecallTarget | null>(null);
  const [offset, setOffset] = useState(0);
  const page = useRecall(recall, RECALL_SCREEN_PAGE, offset);
  const data = page.data;
  return (
    <div style={{ maxWidth: 1200 }}>
      <h1 className="h4 mb-3">{t.recallTitle}</h1>
      <p className="text-body-secondary">{t.recallHelp}</p>
      <RecallForm
        onPick={(next) => {
          setRecall(next);
          setOffset(0);
        }}
      />
      {recall && page.isError && <Feedback>{errorText(page.error, t.loadFailed, t.network)}</Feedback>}
      {recall && page.isPending && <Loading text={t.loading} />}
      {recall && data && (
        <section aria-labelledby="recall-result">
          <h2 id="recall-result" className="h6" aria-live="polite">
            {t.total(data.total)}
          </h2>
          {data.total > 0 && <DownloadCsv recall={recall} />}
          {data.seams.length === 0 ? (
            <p>{t.empty}</p>
          ) : (
            <ScrollTable label={t.recallTitle} size="sm" className="align-middle">
              <ColumnHeads
                labels={[t.project, t.tramo, t.circular, t.date, t.arco, t.procedure, t.operators, t.lots, t.state, t.qualified]}
              />
              <tbody>
                {data.seams.map((s) => (
                  <tr key={s.tramo_id} data-testid="recall-row">
                    <td>{s.id_proyecto}</td>
                    <td>{s.id_tramo}</td>
                    <th scope="row">{s.id_circular}</th>
                    <td>{formatPlainDate(s.circular_fecha)}</td>
                    <td>{s.arco_sumergido_name}</td>
                    <td>{t.revisionOption(s.procedure_code, s.revision)}</td>
                    <td>{s.operators}</td>
                    <td>{s.lots}</td>
                    <td>{weldMessages.seamStateName[s.state]}</td>
                    <td>{s.qualified ? weldMessages.yes : <Badge bg="danger">{weldMessages.no}</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
          {data.total > RECALL_SCREEN_PAGE && (
            <nav aria-label={t.pages} className="d-flex flex-wrap gap-2 align-items-center">
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={offset === 0 || page.isFetching}
                onClick={() => setOffset(Math.max(0, offset - RECALL_SCREEN_PAGE))}
              >
                {t.previous}
              </Button>
              <span className="small">{t.range(offset + 1, Math.min(offset + RECALL_SCREEN_PAGE, data.total), data.total)}</span>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={offset + RECALL_SCREEN_PAGE >= data.total || page.isFetching}
                onClick={() => setOffset(offset + RECALL_SCREEN_PAGE)}
              >
                {t.next}
              </Button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
