import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * Runs `work` under the V8 profiler of this process when `dir` (BENCH_PROFILE) is set, and writes the
 * profile there as `<name>.cpuprofile` (for Chrome DevTools or speedscope).
 */
export async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
