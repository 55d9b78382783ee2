import { performance } from 'node:perf_hooks';
import { readSseBlocks } from '../../test/sse-stream';

/** Reads the event stream as the web client does, handing each event to `onEvent` with its arrival time. */
export async function readStream(
  baseUrl: string,
  token: string,
  onEvent: (type: string, data: unknown, at: number) => void,
  signal: AbortSignal,
) {
  const response = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  void readSseBlocks(response.body, ({ type, data }) => {
    if (data.length) onEvent(type, JSON.parse(data.join('\n')), performance.now());
  });
}
