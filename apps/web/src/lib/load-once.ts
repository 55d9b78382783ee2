/**
 * `load` run once and its promise kept for every later call, unless it fails: a chunk that failed to
 * download (a Wi-Fi drop) is fetched again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
