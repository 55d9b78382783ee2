import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Files built by hand to attack the image pipeline: headers that lie about their size, bombs,
 * polyglots. Each is small on the wire; what it claims or inflates to is the attack.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC-32 of type + data (a wrong CRC would be refused early). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

function ihdr(width: number, height: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = colorType; // 0 gray, 2 RGB
  data[10] = 0; // deflate
  data[11] = 0; // adaptive filtering
  data[12] = 0; // no interlace
  return pngChunk('IHDR', data);
}

/** A PNG whose header declares width x height RGB pixels, with a few bytes of real image data. */
export function pngDeclaring(width: number, height: number): Buffer {
  const rows = deflateSync(Buffer.alloc(Math.min(4096, 1 + width * 3)));
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 2), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A grayscale PNG of side x side whose IDAT really inflates to side * (side + 1) bytes (every row
 * a filter byte and zeros): about 2 GB for side 46,000, some 2 MB on the wire. Built without
 * compressing 2 GB: one fully flushed deflate block of zeros is independent of what precedes it,
 * so the stream is that block repeated, a final empty block and the Adler-32 of the zeros.
 */
export function decompressionBombPng(side: number): Buffer {
  const total = side * (side + 1);
  const blockSize = 8 * 1024 * 1024;
  const flushed = (n: number) => deflateRawSync(Buffer.alloc(n), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const block = flushed(blockSize);
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < Math.floor(total / blockSize); i++) parts.push(block);
  if (total % blockSize) parts.push(flushed(total % blockSize));
  parts.push(Buffer.from([0x03, 0x00])); // final fixed-Huffman block holding only the end code
  // Adler-32 of zeros: a stays 1 and b grows by 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat([PNG_SIGNATURE, ihdr(side, side, 0), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

export const smallJpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();

export const smallPng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();

/** A real JPEG whose frame header (SOF0/SOF2) is rewritten to declare width x height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await smallJpeg());
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker in the JPEG');
}

/** A valid JPEG carrying HTML in a comment segment (COM, right after SOI): a JPEG/HTML polyglot. */
export async function jpegWithHtmlComment(html: string): Promise<Buffer> {
  const jpeg = await smallJpeg();
  const text = Buffer.from(html, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, text, jpeg.subarray(2)]);
}

/** A valid JPEG followed by an HTML document after its end marker. */
export async function jpegWithHtmlAppended(html: string): Promise<Buffer> {
  return Buffer.concat([await smallJpeg(), Buffer.from(html, 'latin1')]);
}

/** A valid PNG with an EXIF block (eXIf chunk) of about `bytes`, with markup in it too. */
export function pngWithHugeExif(bytes: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#27ae60' } })
    .withExif({ IFD0: { ImageDescription: 'A'.repeat(bytes), Copyright: '<script>alert(1)</script>' } })
    .png()
    .toBuffer();
}

export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A little-endian TIFF holding one white pixel. */
export function tinyTiff(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } })
    .tiff()
    .toBuffer();
}

export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>',
);
