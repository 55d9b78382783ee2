import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDb, dbOptionsOf } from '../db/index';
import { migrateToLatest } from '../db/migrate';
import { upsertAdmin } from '../modules/users/bootstrap';

/** `npm run create-admin -- --worker-id ID --password PW [--name NAME]`; asks for what is missing. */
const { values } = parseArgs({
  options: { 'worker-id': { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const config = loadConfig();
const rl = createInterface({ input: process.stdin });
// Lines are read through the iterator, which buffers them: answers piped in all at once (CI,
// provisioning scripts) are not lost between two prompts as they are with rl.question.
const lines = rl[Symbol.asyncIterator]();
async function ask(prompt: string): Promise<string> {
  process.stdout.write(prompt);
  const next = await lines.next();
  return next.done ? '' : next.value;
}
const workerId = (values['worker-id'] ?? (await ask('ID de Trabajador del administrador: '))).trim();
const password = values.password ?? (await ask('Contraseña (mínimo 6 caracteres): '));
const name = (values.name ?? 'Administrador').trim();
rl.close();
if (workerId.length < 3) throw new Error('The worker ID needs at least 3 characters.');
if (password.length < 6) throw new Error('The password needs at least 6 characters.');
if (name.length < 2) throw new Error('The name needs at least 2 characters.');

const { db } = createDb(dbOptionsOf(config));
await migrateToLatest(db);
const result = await upsertAdmin(db, workerId, password, name);
console.log(`Administrator ${workerId} ${result}.`);
await db.destroy();
