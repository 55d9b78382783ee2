import { expect, openDevice, test, unique } from '../fixtures';

// The terminal's device key (docs/decisions/060-terminal-budget-and-binding.md): the tablet creates a
// non-extractable P-256 key at enrolment, kept in its IndexedDB, and signs each sign-in's server nonce
// with it. The credential string copied into another browser opens the arco's home but signs nobody in,
// while the enrolled tablet keeps working.

test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

test('a credential copied to another browser signs nobody in; the enrolled tablet still does', async ({ page, seed, browser, baseURL }) => {
  const arco = await seed.station();
  const admin = await seed.adminToken();
  const worker = await seed.worker(arco, unique('Lidia '));
  const pin = '5173';
  expect(
    (
      await page.request.put('/api/users/me/pin', {
        headers: { Authorization: `Bearer ${worker.token}` },
        data: { current_password: worker.password, pin },
      })
    ).status(),
  ).toBe(204);
  const codeRes = await page.request.post(`/api/admin/arcos-sumergidos/${arco.id}/terminal-codes`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  const { code } = (await codeRes.json()) as { code: string };

  // The tablet enrols: its key pair is made and kept, the private half not extractable.
  await page.goto('/terminal');
  await page.getByLabel('Código de alta').fill(code);
  await page.getByRole('button', { name: 'Dar de alta' }).click();
  await expect(page.getByRole('heading', { name: `Terminal · ${arco.name}` })).toBeVisible();
  const credential = await page.evaluate(() => localStorage.getItem('terminalKey'));
  expect(credential).toMatch(/^tk_/);
  const kept = await page.evaluate(
    () =>
      new Promise<{ extractable: boolean; algorithm: string } | null>((resolve) => {
        const open = indexedDB.open('portal-terminal');
        open.onsuccess = () => {
          const get = open.result.transaction('device-key').objectStore('device-key').get('pair');
          get.onsuccess = () => {
            const pair = get.result as CryptoKeyPair | undefined;
            resolve(pair ? { extractable: pair.privateKey.extractable, algorithm: pair.privateKey.algorithm.name } : null);
          };
          get.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
  expect(kept).toEqual({ extractable: false, algorithm: 'ECDSA' });

  /** Signs the worker in by typing the worker ID and the PIN on the pad. */
  const typeIn = async (tablet: typeof page) => {
    await tablet.getByRole('button', { name: 'Identificarse' }).click();
    const dialog = tablet.getByRole('dialog');
    await dialog.getByLabel('ID de trabajador').fill(worker.worker_id);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    for (const digit of pin) await dialog.getByRole('button', { name: digit, exact: true }).click();
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    return dialog;
  };

  // Another browser with the same credential string and no key: the home opens, the sign-in is refused.
  const copy = await openDevice(browser, baseURL, 1280, 800);
  await copy.context.addInitScript((key) => localStorage.setItem('terminalKey', key), credential ?? '');
  await copy.page.goto('/terminal');
  await expect(copy.page.getByRole('heading', { name: `Terminal · ${arco.name}` })).toBeVisible();
  const refused = await typeIn(copy.page);
  await expect(
    refused.getByText(
      'Este dispositivo no es el que se dio de alta como terminal. Pide un código de alta nuevo al administrador para usarlo.',
    ),
  ).toBeVisible();
  await expect(copy.page.getByRole('button', { name: `Actuar como ${worker.name}` })).toHaveCount(0);
  // Straight at the API with the string alone, the same.
  const bare = await copy.page.request.post('/api/terminal/sign-in', {
    headers: { 'X-Terminal-Key': credential ?? '' },
    data: { worker_id: worker.worker_id, pin },
  });
  expect(bare.status()).toBe(401);
  await copy.context.close();

  // The enrolled tablet signs the worker in.
  await typeIn(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Actuar como ${worker.name}` })).toHaveAttribute('aria-pressed', 'true');
});
