import { offlineMessages } from '@portal/contract/offline-messages';
import { factoryDate } from '@portal/contract/time';
import { formatPlainDate, formatTime } from '@/lib/dates';

/**
 * 'Sin conexión: datos guardados a las HH:MM' under a list that shows an answer saved before this
 * page opened (lib/query-persist.ts) and not yet replaced by the server's: it is not current. Shown
 * while no request for it is under way (a refetch online replaces it within a moment).
 */
export function SavedDataNote({ query, tz }: { query: { data: unknown; dataUpdatedAt: number; isFetching: boolean }; tz: string }) {
  const { data, dataUpdatedAt, isFetching } = query;
  // Answers of this page are stamped after it opened; placeholders carry no time.
  if (data === undefined || isFetching || dataUpdatedAt === 0 || dataUpdatedAt >= performance.timeOrigin) return null;
  const at = new Date(dataUpdatedAt).toISOString();
  const day = factoryDate(at, tz);
  const today = factoryDate(Date.now(), tz) === day;
  return (
    <p className="small text-body-secondary mb-2" role="status" data-testid="saved-data-note">
      {offlineMessages.savedAt(formatTime(at, tz), today ? undefined : formatPlainDate(day))}
    </p>
  );
}
