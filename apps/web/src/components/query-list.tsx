import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api';
import { Loading } from './Loading';

export interface QueryListTexts {
  loading: string;
  /** Shown when a failed load brings no message of its own. */
  loadFallback: string;
  network: string;
  empty: string;
}

/** A list screen before its items: the spinner while loading, the load error, or the empty text. */
export function QueryList<T>({
  query,
  texts,
  children,
}: {
  query: UseQueryResult<T[]>;
  texts: QueryListTexts;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loading text={texts.loading} />;
  if (query.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {errorText(query.error, texts.loadFallback, texts.network)}
      </div>
    );
  if (query.data.length === 0) return <p className="text-muted">{texts.empty}</p>;
  return children(query.data);
}
