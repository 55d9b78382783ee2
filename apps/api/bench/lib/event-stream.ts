import { performance } from 'node:perf_hooks';

/** Reads the event stream as the web client does, handing each event to `onEvent` with its arrival time. */
export async function readStream(
  baseUrl: string,
  token: string,
  onEvent: (type: string, data: unknown, at: number) => void,
  signal: AbortSignal,
) {
  const response = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let type = '';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (type && data) onEvent(type, JSON.parse(data), performance.now());
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
}
