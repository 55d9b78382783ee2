/** One block of a server-sent event stream: its event type ('message' when unnamed), its data lines and its comments (heartbeats). */
export interface SseBlock {
  type: string;
  data: string[];
  comments: number;
}

function parseBlock(block: string): SseBlock {
  let type = 'message';
  const data: string[] = [];
  let comments = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comments++;
    else if (line.startsWith('event: ')) type = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return { type, data, comments };
}

/**
 * Reads an event stream's body as the web client does, handing over each block, until the stream ends
 * or its request is aborted (which ends the reading quietly). The tests' SseClient and the benches
 * read their streams through it.
 */
export async function readSseBlocks(body: NonNullable<Response['body']>, onBlock: (block: SseBlock) => void): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        onBlock(parseBlock(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // Aborted.
  }
}
