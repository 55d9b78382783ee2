/**
 * Photos are shrunk in the browser before they are uploaded: a 10 MB phone photo becomes a JPEG of a
 * few hundred KB with its longest side at 1600 px (what the server keeps anyway), so it goes up
 * quickly over factory Wi-Fi. The work runs in a Web Worker with an OffscreenCanvas when the browser
 * has both, else on a canvas in the page. Anything that cannot be shrunk goes up as chosen: the server
 * still checks and re-encodes every image.
 */

export const SHRINK_MAX_SIDE = 1600;
export const SHRINK_QUALITY = 0.85;
/** Smaller files go up untouched: they are already quick to send. */
export const SHRINK_MIN_BYTES = 512 * 1024;

const SHRINKABLE = /^image\/(jpeg|png|webp)$/;

export const needsShrinking = (file: File) => SHRINKABLE.test(file.type) && file.size > SHRINK_MIN_BYTES;

type Canvas2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function draw(ctx: Canvas2D, bitmap: ImageBitmap, width: number, height: number) {
  // JPEG has no transparency: a transparent PNG gets a white background instead of black.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, width, height);
}

/**
 * Decodes (upright, as the EXIF orientation says), scales to at most SHRINK_MAX_SIDE and encodes as
 * JPEG. Runs in a worker or in the page; null when this browser cannot do it.
 */
export async function encodeShrunk(blob: Blob): Promise<Blob | null> {
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, SHRINK_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      draw(ctx, bitmap, width, height);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: SHRINK_QUALITY });
    }
    if (typeof document === 'undefined') return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    draw(ctx, bitmap, width, height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SHRINK_QUALITY));
  } finally {
    bitmap.close();
  }
}

const workerUsable = () =>
  typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && 'convertToBlob' in OffscreenCanvas.prototype;

/** One short-lived worker per photo: nothing stays in memory between uploads. */
function encodeInWorker(file: File): Promise<Blob | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./shrink-image.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<{ blob: Blob | null } | { error: string }>) => {
      done();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.blob);
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message || 'shrink worker failed'));
    };
    worker.postMessage(file);
  });
}

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'foto'}.jpg`;

/** The file to upload: a shrunk JPEG when that is smaller, else the file as chosen. */
export async function shrinkImage(file: File): Promise<File> {
  if (!needsShrinking(file)) return file;
  let blob: Blob | null = null;
  try {
    blob = workerUsable() ? await encodeInWorker(file).catch(() => encodeShrunk(file)) : await encodeShrunk(file);
  } catch {
    return file;
  }
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
