// Draws the web app's icons (manifest, apple-touch, favicon) into apps/web/public from one SVG, with
// sharp (a dependency of the API). Run after changing the drawing: `node scripts/make-icons.mjs`; the
// PNGs are committed.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const NAVY = '#1f3a5f';
const SPARK = '#ffc83d';

/** A welding arc: a white electrode over a spark, on navy; `inset` shrinks the drawing (maskable safe zone). */
function drawing({ rounded, inset }) {
  const s = 512;
  const k = 1 - inset * 2;
  const g = `translate(${s * inset} ${s * inset}) scale(${k})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}" role="img" aria-label="Portal de Fábrica">
  <title>Portal de Fábrica</title>
  <rect width="${s}" height="${s}" rx="${rounded ? 96 : 0}" fill="${NAVY}"/>
  <g transform="${g}">
    <rect x="226" y="60" width="60" height="210" rx="14" fill="#ffffff"/>
    <path d="M256 270 L300 330 L276 330 L318 420 L232 320 L258 320 L222 270 Z" fill="${SPARK}"/>
    <rect x="96" y="430" width="320" height="30" rx="15" fill="#ffffff"/>
  </g>
</svg>`;
}

const plain = drawing({ rounded: true, inset: 0.04 });
const fullBleed = drawing({ rounded: false, inset: 0.04 });
const maskable = drawing({ rounded: false, inset: 0.14 });
const png = (svg, size, name) => sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, name));

await Promise.all([
  png(plain, 192, 'pwa-192.png'),
  png(plain, 512, 'pwa-512.png'),
  png(maskable, 512, 'pwa-maskable-512.png'),
  // iOS rounds the corners itself and shows transparency as black.
  png(fullBleed, 180, 'apple-touch-icon.png'),
  png(plain, 32, 'favicon-32.png'),
  writeFile(path.join(out, 'favicon.svg'), plain),
]);
console.log(`icons written to ${out}`);
