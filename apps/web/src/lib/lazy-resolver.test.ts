import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver';

const schema = z.object({ name: z.string().trim().min(2, 'Nombre demasiado corto.') });
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('lazyResolver', () => {
  it('loads the real resolver once, on first use, and answers as it does', async () => {
    const load = vi.fn(async () => zodResolver(schema));
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const bad = await resolver({ name: 'a' }, undefined, options);
    expect(bad.errors.name?.message).toBe('Nombre demasiado corto.');
    const good = await resolver({ name: '  Ana ' }, undefined, options);
    expect(good.values).toEqual({ name: 'Ana' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the download before the first submit', async () => {
    const load = vi.fn(async () => zodResolver(schema));
    const { resolver, preload } = lazyResolver(load);
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ name: 'Ana' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(zodResolver(schema));
    const { resolver, preload } = lazyResolver(load);
    preload();
    await expect(resolver({ name: 'Ana' }, undefined, options)).rejects.toThrow('offline');
    const ok = await resolver({ name: 'Ana' }, undefined, options);
    expect(ok.values).toEqual({ name: 'Ana' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
