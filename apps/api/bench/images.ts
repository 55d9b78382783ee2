/**
 * Benchmark of the image pipeline (`npm run bench:images`).
 *
 * A 12-megapixel phone photo (4000x3000 JPEG with sensor-like noise, so it does not compress away) is
 * re-encoded with its thumbnail through the real pipeline, ImageStore.save from lib/images.ts,
 * BENCH_IMAGES times in a row (default 20). Prints the median and p95 time per photo and the peak
 * resident memory of this process (process.resourceUsage().maxRSS), which holds only what a server
 * holds: Node, sharp and the pipeline. The photo is made in a child process so that making it does not
 * count towards that peak.
 *
 * Targets (docs/performance.md): median under 500 ms, peak under 300 MB.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = Number(process.env.BENCH_IMAGES ?? 20);
const TARGET_MEDIAN_MS = 500;
const TARGET_PEAK_MB = 300;

/** A smooth scene (gradients) plus per-pixel noise, as a phone sensor delivers in factory light. */
async function makePhoto(file: string) {
  const pixels = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  const noise = randomBytes(WIDTH * HEIGHT);
  for (let y = 0, i = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++, i++) {
      const n = (noise[i] & 63) - 32;
      const o = i * 3;
      pixels[o] = Math.max(0, Math.min(255, ((x * 255) / WIDTH + n) | 0));
      pixels[o + 1] = Math.max(0, Math.min(255, ((y * 255) / HEIGHT + n) | 0));
      pixels[o + 2] = Math.max(0, Math.min(255, (((x + y) * 127) / (WIDTH + HEIGHT) + 64 + n) | 0));
    }
  }
  const jpeg = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(file, jpeg);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  if (process.argv[2] === '--make-photo') {
    await makePhoto(process.argv[3]);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-images-'));
  try {
    const photoFile = path.join(dir, 'photo.jpg');
    const self = fileURLToPath(import.meta.url);
    const made = spawnSync(process.execPath, [...process.execArgv, self, '--make-photo', photoFile], { stdio: 'inherit' });
    if (made.status !== 0) throw new Error('could not make the test photo');
    const photo = readFileSync(photoFile);

    // Imported after the photo exists: the pipeline's module settings (sharp cache, concurrency) apply.
    const { ImageStore } = await import('../src/lib/images');
    const { FolderStore } = await import('../src/lib/storage');
    const store = new ImageStore(new FolderStore(dir));
    const rssBefore = process.resourceUsage().maxRSS / 1024;

    const times: number[] = [];
    let last: { path: string; thumb: string } | undefined;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      last = await store.save(photo);
      times.push(performance.now() - start);
      await store.remove(last.path, last.thumb);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const peakMb = process.resourceUsage().maxRSS / 1024;

    // One more, kept, to show what the pipeline makes of the photo.
    const kept = await store.save(photo);
    const fileOf = (p: string) => path.join(dir, 'uploads', path.basename(p));
    const [full, thumb] = await Promise.all([sharp(fileOf(kept.path)).metadata(), sharp(fileOf(kept.thumb)).metadata()]);

    console.log(`photo: ${WIDTH}x${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(
      `stored: ${full.width}x${full.height} ${full.format} ${(readFileSync(fileOf(kept.path)).length / 1024).toFixed(0)} KB, thumbnail ${thumb.width}x${thumb.height} ${(readFileSync(fileOf(kept.thumb)).length / 1024).toFixed(0)} KB`,
    );
    console.log(`runs: ${RUNS} in a row`);
    console.log(`median: ${median.toFixed(0)} ms (target < ${TARGET_MEDIAN_MS} ms)`);
    console.log(`p95:    ${p95.toFixed(0)} ms`);
    console.log(`peak RSS: ${peakMb.toFixed(0)} MB (before the runs ${rssBefore.toFixed(0)} MB; target < ${TARGET_PEAK_MB} MB)`);
    const ok = median < TARGET_MEDIAN_MS && peakMb < TARGET_PEAK_MB;
    console.log(ok ? 'images: targets met' : 'images: TARGET MISSED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
