import { PAGE_SIZES, pagingMessages as t } from '@portal/contract/paging';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ValueOptions } from './select-options';

/** The total, 'Página X de Y', previous and next, and the page size (25, 50 or 100). */
export function Pager({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 my-3" aria-label={t.pagination}>
      <span className="me-auto" aria-live="polite" data-testid="list-total">
        {t.total(total)} · {t.pageOf(page, pages)}
      </span>
      <Form.Group controlId="page-size" className="d-flex align-items-center gap-2">
        <Form.Label className="mb-0 small">{t.pageSizeLabel}</Form.Label>
        <Form.Select size="sm" style={{ width: 'auto' }} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          <ValueOptions values={PAGE_SIZES} />
        </Form.Select>
      </Form.Group>
      <Button variant="outline-secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <Button variant="outline-secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}
