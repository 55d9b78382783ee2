import { encodeShrunk } from './shrink-image';

// Decoding a 12-megapixel photo and scaling it takes long enough to freeze a cheap phone's page:
// it happens here, off the main thread.
self.addEventListener('message', async (event: MessageEvent<Blob>) => {
  try {
    self.postMessage({ blob: await encodeShrunk(event.data) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
