import { describe, expect, it } from 'vitest';
import { formatBytes } from './disk-warning';

describe('formatBytes', () => {
  it('writes gigabytes from 1 GB up and megabytes below, with a Spanish decimal comma', () => {
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1,5 GB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1024 MB');
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MB');
    expect(formatBytes(400 * 1024)).toBe('0,4 MB');
    expect(formatBytes(0)).toBe('0 MB');
    expect(formatBytes(1024 ** 5)).toBe('1.048.576 GB');
  });
});
