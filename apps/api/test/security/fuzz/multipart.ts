/**
 * Hand-written multipart bodies: FormData would refuse or repair the odd shapes the fuzzer wants
 * (parts without a name, quotes in names, missing terminators, wrong boundaries).
 */
export interface RawPart {
  /** Undefined: the part has no name parameter at all. */
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
  /** Replaces the generated part headers entirely. */
  rawHeaders?: string;
}

export type Malformation = 'none' | 'no-terminator' | 'truncated' | 'wrong-boundary' | 'no-boundary' | 'preamble-only' | 'crlf-only';

export interface BuiltMultipart {
  payload: Buffer;
  contentType: string;
}

export function buildMultipart(
  parts: RawPart[],
  malformation: Malformation = 'none',
  boundary = 'fuzzBoundary7MA4YWxkTrZu0gW',
): BuiltMultipart {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let headers = part.rawHeaders;
    if (headers === undefined) {
      const disposition = ['form-data'];
      if (part.name !== undefined) disposition.push(`name="${part.name}"`);
      if (part.filename !== undefined) disposition.push(`filename="${part.filename}"`);
      headers = `Content-Disposition: ${disposition.join('; ')}`;
      if (part.contentType !== undefined) headers += `\r\nContent-Type: ${part.contentType}`;
    }
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (malformation !== 'no-terminator' && malformation !== 'truncated') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  let contentType = `multipart/form-data; boundary=${boundary}`;
  switch (malformation) {
    case 'truncated':
      payload = payload.subarray(0, Math.max(1, Math.floor(payload.length / 2)));
      break;
    case 'wrong-boundary':
      contentType = 'multipart/form-data; boundary=notTheBoundary';
      break;
    case 'no-boundary':
      contentType = 'multipart/form-data';
      break;
    case 'preamble-only':
      payload = Buffer.from('this is not a multipart body at all');
      break;
    case 'crlf-only':
      payload = Buffer.from('\r\n\r\n\r\n');
      break;
  }
  return { payload, contentType };
}
