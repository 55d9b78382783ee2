import { performance } from 'node:perf_hooks';
import { readSseBlocks } from '../../test/sse-stream';

/**
 * Reads the event stream as the web client does, handing each event to `onEvent` with its arrival
 * time; when the server ends it (the PostgreSQL listener came back after an outage: the clients
 * refetch), connects again, until `signal` aborts. Resolves once the first connection is open.
 */
export async function readStream(
  baseUrl: string,
  token: string,
  onEvent: (type: string, data: unknown, at: number) => void,
  signal: AbortSignal,
) {
  const open = async () => {
    const response = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
    if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
    return response.body;
  };
  let body = await open();
  void (async () => {
    for (;;) {
      await readSseBlocks(body, ({ type, data }) => {
        if (data.length) onEvent(type, JSON.parse(data.join('\n')), performance.now());
      });
      for (;;) {
        if (signal.aborted) return;
        try {
          body = await open();
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }
  })();
}
