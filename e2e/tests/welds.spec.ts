import { addDays, DEFAULT_FACTORY_TZ, factoryToday } from '@portal/contract/time';
import { expectNoViolations } from '../a11y';
import { expect, signIn, test, unique } from '../fixtures';

// The weld records' admin screens (docs/decisions/066-weld-records.md), used from office desks.
test.use({ viewport: { width: 1280, height: 800 } });

test('an admin registers a flux lot, blocks it with a reason and unblocks it; the screen is axe-clean', async ({ page, seed }) => {
  const lotNumber = unique('F-');
  await signIn(page, await seed.adminToken(), '/admin/soldadura/lotes');
  await expect(page.getByRole('heading', { name: 'Lotes de consumible', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Registrar lote' });

  // The contract's checks, in the form's order, before anything is sent.
  await form.getByRole('button', { name: 'Registrar lote' }).click();
  await expect(form.getByRole('alert')).toHaveText('La clasificación del consumible es obligatoria.');
  // The screen's own content: the shell's andon bar (shown to every admin for another test's open call)
  // is checked by the shell's own tests.
  await expectNoViolations(page, '/admin/soldadura/lotes with an error', '#main');
  await form.getByLabel('Tipo').selectOption('Fundente');
  await form.getByLabel('Clasificación').fill('SA FB 1');
  await form.getByLabel('Fabricante').fill('Aceros del Norte');
  await form.getByLabel('Número de lote').fill(lotNumber);
  await form.getByRole('button', { name: 'Registrar lote' }).click();
  await expect(form.getByRole('alert')).toHaveText('La fecha debe tener el formato AAAA-MM-DD.');
  await form.getByLabel('Recibido el').fill('2026-11-20');
  await form.getByRole('button', { name: 'Registrar lote' }).click();
  await expect(page.getByText('Lote registrado.')).toBeVisible();
  await expect(form.getByLabel('Número de lote')).toHaveValue('');

  const row = page.getByTestId('lot-row').filter({ has: page.getByRole('rowheader', { name: lotNumber, exact: true }) });
  await expect(row).toContainText('Fundente');
  await expect(row).toContainText('20/11/2026');
  await expect(row).toContainText('Disponible');

  // Blocking without a reason: the server's Spanish message.
  await row.getByRole('button', { name: `Bloquear ${lotNumber}` }).click();
  await row.getByRole('button', { name: 'Confirmar bloqueo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Indica el motivo del bloqueo.' })).toBeVisible();
  await row.getByRole('button', { name: `Bloquear ${lotNumber}` }).click();
  await row.getByLabel('Motivo del bloqueo').fill('Certificado 3.1 pendiente');
  await expectNoViolations(page, '/admin/soldadura/lotes blocking', '#main');
  await row.getByRole('button', { name: 'Confirmar bloqueo' }).click();
  await expect(page.getByText('Lote bloqueado.')).toBeVisible();
  await expect(row).toContainText('Bloqueado');
  await expect(row).toContainText('Certificado 3.1 pendiente');

  await row.getByRole('button', { name: `Desbloquear ${lotNumber}` }).click();
  await expect(page.getByText('Lote desbloqueado.')).toBeVisible();
  await expect(row).toContainText('Disponible');
  await expectNoViolations(page, '/admin/soldadura/lotes', '#main');
});

test('an admin registers an operator qualification found by name and records its six-monthly confirmation', async ({ page, seed }) => {
  const station = await seed.station();
  const name = unique('Operaria Cualificada ');
  const worker = await seed.worker(station, name);
  const certificate = unique('CERT-');
  await signIn(page, await seed.adminToken(), '/admin/soldadura/cualificaciones');
  await expect(page.getByRole('heading', { name: 'Cualificaciones de operarios', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Registrar cualificación' });

  await form.getByRole('button', { name: 'Registrar cualificación' }).click();
  await expect(form.getByRole('alert')).toHaveText('Identificador inválido.');
  await form.getByLabel('Buscar operario (nombre o número)').fill(name);
  const operator = form.getByRole('combobox', { name: 'Operario', exact: true });
  // The search finds her: the list holds the placeholder and her.
  await expect(operator.getByRole('option')).toHaveCount(2);
  await expect(operator.getByRole('option').nth(1)).toHaveText(new RegExp(`^${name} \\(`));
  await operator.selectOption({ index: 1 });
  await form.getByLabel('Número de certificado').fill(certificate);
  await form.getByLabel('Emitida el').fill('2026-06-01');
  await form.getByLabel('Caduca el').fill('2026-05-01');
  await form.getByRole('button', { name: 'Registrar cualificación' }).click();
  await expect(form.getByRole('alert')).toHaveText('La fecha de caducidad debe ser posterior a la de emisión.');
  await expectNoViolations(page, '/admin/soldadura/cualificaciones with an error', '#main');
  await form.getByLabel('Caduca el').fill('2029-06-01');
  await form.getByRole('button', { name: 'Registrar cualificación' }).click();
  await expect(page.getByText('Cualificación registrada.')).toBeVisible();

  const row = page.getByTestId('qualification-row').filter({ has: page.getByRole('rowheader', { name: certificate, exact: true }) });
  await expect(row).toContainText(name);
  await expect(row).toContainText('01/12/2026');
  await row.getByLabel('Fecha de la confirmación').fill('2026-11-20');
  await row.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Confirmación semestral registrada.')).toBeVisible();
  await expect(row).toContainText('20/05/2027');

  // A certificate expiring in ten days is marked, and the warning above the list counts it.
  const today = factoryToday(DEFAULT_FACTORY_TZ);
  const soon = unique('CERT-SOON-');
  const res = await page.request.post('/api/welds/qualifications', {
    headers: { Authorization: `Bearer ${await seed.adminToken()}` },
    data: {
      user_id: worker.id,
      standard: 'ISO 9606-1',
      certificate_number: soon,
      process: 121,
      issued_on: addDays(today, -30),
      expires_on: addDays(today, 10),
    },
  });
  expect(res.status()).toBe(201);
  await page.reload();
  const soonRow = page.getByTestId('qualification-row').filter({ has: page.getByRole('rowheader', { name: soon, exact: true }) });
  await expect(soonRow).toContainText('Caduca pronto');
  await expect(page.getByTestId('qualification-warning')).toContainText(/caducan? en los próximos 30 días/);
  await expectNoViolations(page, '/admin/soldadura/cualificaciones', '#main');
});
