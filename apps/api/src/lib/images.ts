import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@portal/contract/common';
import sharp from 'sharp';
import { AppError } from './errors';
import { privateDir, privateFile } from './file-modes';

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

export class ImageStore {
  constructor(readonly dir: string) {}

  /** Re-encodes and writes an upload; the caller removes it again if its database write fails. */
  async save(input: Buffer): Promise<StoredImage> {
    const processed = await processImage(input);
    await privateDir(this.dir);
    const id = randomUUID();
    const fullName = `${id}.webp`;
    const thumbName = `${id}_thumb.webp`;
    try {
      await writeFile(path.join(this.dir, fullName), processed.full, privateFile);
      await writeFile(path.join(this.dir, thumbName), processed.thumb, privateFile);
    } catch (error) {
      // A write cut short (a full disk) leaves a partial file: neither stays.
      await Promise.all([fullName, thumbName].map((name) => rm(path.join(this.dir, name), { force: true })));
      throw error;
    }
    return { path: `/uploads/${fullName}`, thumb: `/uploads/${thumbName}` };
  }

  /** Deletes stored files by their public paths; unknown or foreign paths are ignored. */
  async remove(...publicPaths: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      publicPaths.map(async (p) => {
        const name = p && /^\/uploads\/([0-9a-f-]{36}(?:_thumb)?\.webp)$/.exec(p)?.[1];
        if (name) await rm(path.join(this.dir, name), { force: true });
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
      if (image) await this.remove(image.path, image.thumb);
      throw error;
    }
  }
}
