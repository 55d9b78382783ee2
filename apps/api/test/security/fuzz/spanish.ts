import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const contractDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../packages/contract/src');

/** Every Spanish text the contract exports (the `messages`/`*Messages` objects of each domain file). */
export async function contractMessages(): Promise<Set<string>> {
  const out = new Set<string>();
  for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(`@portal/contract/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      for (const text of Object.values(value as Record<string, unknown>)) if (typeof text === 'string') out.add(text);
    }
  }
  return out;
}

/** Words of framework or library defaults that must never reach a user. */
const ENGLISH =
  /\b(expected|invalid|required|must|undefined|received|unexpected|not a valid|bad request|not found|unsupported|too large|exceed(?:s|ed)?|error|failed|cannot|body|payload|request|route|params?|querystring|is not)\b|FST_|ERR_|SQLITE|violates|constraint|syntax/i;
const SPANISH_MARKS = /[áéíóúñü¿¡]/i;
const SPANISH_WORDS = /\b(el|la|los|las|de|del|no|un|una|debe|es|por|para|con|se|ya|tu|tus|ha|al|o|y)\b/i;

/** Why a message is not acceptable Spanish for a user, or null when it is. */
export function notSpanish(message: unknown, known: Set<string>): string | null {
  if (typeof message !== 'string' || !message.trim()) return 'no message';
  if (known.has(message)) return null;
  if (ENGLISH.test(message)) return 'English words';
  if (!SPANISH_MARKS.test(message) && !SPANISH_WORDS.test(message)) return 'does not read as Spanish';
  return null;
}
