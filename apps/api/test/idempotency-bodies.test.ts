import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, type FormFields, type FormFiles, multipart, pgUnavailable, useTestApp, type Worker } from './helper';

// Idempotency-Key (decision 016) over every body: a form's parts, files included, are part of what a
// key was first used for; and each account keeps a bounded number of stored answers.

const KEYS_PER_USER = 3;
const png = (color: string) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.skipIf(pgUnavailable)('Idempotency-Key over form bodies', () => {
  const t = useTestApp({ IDEMPOTENCY_KEYS_PER_USER: String(KEYS_PER_USER) });

  /** A wall post as a form with the key; each call builds a new form, with a new boundary, as a retry does. */
  const post = async (w: Worker, key: string, fields: FormFields, files?: FormFiles) => {
    const form = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/wall/posts',
      payload: form.payload,
      headers: { ...bearer(w.token), ...form.headers, 'idempotency-key': key },
    });
  };
  const postsOf = async (w: Worker) =>
    (await t.db.selectFrom('wall_posts').select('content').where('user_id', '=', w.id).execute()).map((r) => r.content);
  const photo = (data: Buffer): FormFiles => ({ image: { data, filename: 'foto.png', type: 'image/png' } });

  it('replays a form sent again with the same parts, and refuses the key with another text (422)', async () => {
    const w = await t.createWorker(await t.createArco());
    const key = randomUUID();
    const first = await post(w, key, { content: 'Primer texto' });
    expect(first.statusCode).toBe(201);
    const again = await post(w, key, { content: 'Primer texto' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await post(w, key, { content: 'Otro texto' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'La clave de idempotencia ya se usó con otra petición.' });
    expect(await postsOf(w)).toEqual(['Primer texto']);
  });

  it('a form whose file differs is another request; the same file replays, and the route still reads the form', async () => {
    const w = await t.createWorker(await t.createArco());
    const key = randomUUID();
    const red = await png('#c0392b');
    const first = await post(w, key, { content: 'Con foto' }, photo(red));
    expect(first.statusCode).toBe(201);
    expect(first.json().post.image_path).toEqual(expect.any(String));
    const blue = await post(w, key, { content: 'Con foto' }, photo(await png('#2980b9')));
    expect(blue.statusCode).toBe(422);
    const same = await post(w, key, { content: 'Con foto' }, photo(red));
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(await postsOf(w)).toEqual(['Con foto']);
    // A form the route refuses is refused the same way with a key (the image check runs as without one).
    const broken = await post(w, randomUUID(), { content: 'Roto' }, { image: { data: Buffer.from('no es imagen'), filename: 'x.png' } });
    const brokenWithout = await t.sendForm(
      w.token,
      'POST',
      '/api/wall/posts',
      { content: 'Roto' },
      { image: { data: Buffer.from('no es imagen'), filename: 'x.png' } },
    );
    expect(broken.statusCode).toBe(brokenWithout.statusCode);
    expect(broken.json()).toEqual(brokenWithout.json());
  });

  it(`keeps an account's ${KEYS_PER_USER} newest stored answers and drops the older`, async () => {
    const w = await t.createWorker(await t.createArco());
    const keys = Array.from({ length: KEYS_PER_USER + 2 }, () => randomUUID());
    for (const [i, key] of keys.entries()) {
      expect((await post(w, key, { content: `Mensaje ${i}` })).statusCode).toBe(201);
      // Distinct claim times, so "newest" is unambiguous.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const stored = await t.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', w.id).execute();
    expect(stored.map((r) => r.key).sort()).toEqual(keys.slice(-KEYS_PER_USER).sort());
    // The newest still replays.
    const last = keys.length - 1;
    expect((await post(w, keys[last], { content: `Mensaje ${last}` })).headers['idempotent-replayed']).toBe('true');
  });
});
