import Button from 'react-bootstrap/Button';

/** The pages of an infinite query, as far as the button needs them. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Cargar más' under a paged list while the server has more; 'Cargando...' (disabled) while a page loads. */
export function LoadMoreButton({
  pages,
  className,
  variant = 'outline-secondary',
}: {
  pages: MorePages;
  className: string;
  variant?: 'outline-secondary' | 'outline-primary';
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={className}>
      <Button variant={variant} onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Cargando...' : 'Cargar más'}
      </Button>
    </div>
  );
}
