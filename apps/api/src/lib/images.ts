import { randomUUID } from 'node:crypto';
import { messages } from '@portal/contract/common';
import sharp from 'sharp';
import { AppError } from './errors';
import { type ObjectStore, StoreUnavailableError } from './storage';

/**
 * The image pipeline every upload of the portal goes through:
 * content sniffed (JPEG, PNG, WebP only), decoded with a pixel limit, rotated upright, metadata
 * stripped, longest side at most 1600 px, plus a thumbnail; stored under generated names.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_SIDE = 1600;
export const THUMB_SIDE = 400;
/** Refuses decompression bombs before decoding: 12 MP phone photos are far below this. */
export const MAX_INPUT_PIXELS = 60_000_000;

sharp.cache(false);
sharp.concurrency(1);

export interface StoredImage {
  /** Public path of the full image: '/uploads/<uuid>.webp'. */
  path: string;
  /** Public path of the thumbnail: '/uploads/<uuid>_thumb.webp'. */
  thumb: string;
}

/** A form as plugins/uploads.ts readMultipart reads it: its text fields and at most one file. */
export interface MultipartInput {
  fields: Record<string, string>;
  file: { buffer: Buffer; filename: string } | null;
}

/** Kind of image by its first bytes; the name and the declared type are never trusted. */
export function sniffImage(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** Decodes, rotates, strips and shrinks an upload; 415 for anything that is not a usable image. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (!sniffImage(input)) throw new AppError(415, messages.notAnImage);
  let meta: sharp.Metadata;
  try {
    // Only the header is read here; without a limit, a declared pixel bomb gets its own 413 below
    // instead of sharp's pixel-limit error (a 415). Decoding keeps the limit.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new AppError(415, messages.notAnImage);
  }
  if (!meta.width || !meta.height) throw new AppError(415, messages.notAnImage);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError(413, messages.tooManyPixels);
  try {
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data: full, info } = await upright.webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true });
    const thumb = await sharp(full)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70, effort: 2 })
      .toBuffer();
    return { full, thumb, width: info.width, height: info.height };
  } catch {
    throw new AppError(415, messages.notAnImage);
  }
}

/** Key prefix of the images in the object store, and the public path they are served under. */
export const UPLOADS_PREFIX = 'uploads';

/** A public path the image store generated ('/uploads/<uuid>.webp' or its thumbnail): its key, else null. */
export function uploadKeyOf(publicPath: string | null | undefined): string | null {
  const name = publicPath && /^\/uploads\/([0-9a-f-]{36}(?:_thumb)?\.webp)$/.exec(publicPath)?.[1];
  return name ? `${UPLOADS_PREFIX}/${name}` : null;
}

export class ImageStore {
  constructor(readonly store: ObjectStore) {}

  /**
   * Re-encodes and stores an upload, both sizes or neither; the caller removes them again if its
   * database write fails. The objects are written before the row that names them, and removed after
   * the row that named them is gone (docs/decisions/068-object-storage.md).
   */
  async save(input: Buffer): Promise<StoredImage> {
    const processed = await processImage(input);
    const id = randomUUID();
    const fullName = `${id}.webp`;
    const thumbName = `${id}_thumb.webp`;
    try {
      await this.store.put(`${UPLOADS_PREFIX}/${fullName}`, processed.full, 'image/webp');
      await this.store.put(`${UPLOADS_PREFIX}/${thumbName}`, processed.thumb, 'image/webp');
    } catch (error) {
      // A store that went away between the two writes may keep the first: the start-up sweep takes it.
      await Promise.all([fullName, thumbName].map((name) => this.store.remove(`${UPLOADS_PREFIX}/${name}`).catch(() => {})));
      throw error;
    }
    return { path: `/uploads/${fullName}`, thumb: `/uploads/${thumbName}` };
  }

  /**
   * Deletes stored files by their public paths; unknown or foreign paths are ignored. Called after the
   * row that named them is gone, so a store away then does not fail the committed request: the files
   * stay for the start-up sweep (lib/upload-sweep.ts) to take.
   */
  async remove(...publicPaths: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      publicPaths.map(async (p) => {
        const key = uploadKeyOf(p);
        if (!key) return;
        try {
          await this.store.remove(key);
        } catch (error) {
          if (!(error instanceof StoreUnavailableError)) throw error;
        }
      }),
    );
  }

  /**
   * Runs `write` with a freshly stored image (or none); if `write` throws, the files are removed so
   * that a failed request leaves nothing behind.
   */
  async withImage<T>(input: Buffer | null | undefined, write: (image: StoredImage | null) => Promise<T>): Promise<T> {
    const image = input ? await this.save(input) : null;
    try {
      return await write(image);
    } catch (error) {
      // Removal failing (the store away) must not hide the write's own error; the sweep takes the files.
      if (image) await this.remove(image.path, image.thumb).catch(() => {});
      throw error;
    }
  }
}
