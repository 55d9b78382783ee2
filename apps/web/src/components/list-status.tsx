import type { ReactNode } from 'react';
import { errorText } from '@/lib/api';
import { Feedback } from './feedback';
import { Loading } from './loading';

/**
 * A list read from the server in its four states: the spinner while the first answer is awaited, the
 * error (the server's message, else `fallback`, or `network` when it could not be reached), the muted
 * `empty` line, else `children` with the items.
 */
export function ListStatus<T>({
  query,
  items,
  loading,
  fallback,
  network,
  empty,
  emptyClassName = 'text-muted',
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  items: readonly T[] | undefined;
  loading: string;
  fallback: string;
  network: string;
  empty: string;
  emptyClassName?: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading text={loading} />;
  if (query.isError) return <Feedback>{errorText(query.error, fallback, network)}</Feedback>;
  if (!items?.length) return <p className={emptyClassName}>{empty}</p>;
  return children(items);
}
