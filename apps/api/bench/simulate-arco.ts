/**
 * Simulated submerged-arc telemetry (`npm run simulate:arco`): N arcos welding like SAW stations, each
 * burning about 4 minutes and resting about 1, at 10 Hz, published as batches of one second on
 * `<prefix><n>/telemetry` (MQTT, QoS 1) or posted to the HTTP device path. The benchmark uses
 * `sawSamples` (apps/api/bench/telemetry.ts); a newcomer points it at a running portal:
 *
 *   npm run simulate:arco -- --mqtt mqtt://localhost:1883 --prefix planta/arco- --arcos 3 --seconds 60
 *   npm run simulate:arco -- --http http://localhost:3000 --arco 1 --key pk_… --seconds 60
 *
 * The MQTT topics are the arcos' bound topics (admin 'Arcos Sumergidos', docs/decisions/079-weld-telemetry.md).
 */
import type { Sample } from '@portal/contract/telemetry';

/** A small deterministic noise source per arco (the same run gives the same samples). */
function noise(seed: number) {
  let x = seed * 2654435761 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) / 4294967296) * 2 - 1;
  };
}

const noises = new Map<number, () => number>();

/**
 * One arco's samples from `fromMs` for `count` samples at `hz`: fill-pass SAW at 620 A ± 15, 32 V ± 0.5,
 * 2.1 m/min wire and 55 cm/min travel with the interpass temperature rising from 150 °C; the arc burns
 * 240 s of every 300 s (the arco's phase shifted by its number).
 */
export function sawSamples(arco: number, fromMs: number, count: number, hz = 10): Sample[] {
  const r = noises.get(arco) ?? noise(arco + 1);
  noises.set(arco, r);
  const list: Sample[] = [];
  for (let k = 0; k < count; k++) {
    const t = Math.round(fromMs + (k * 1000) / hz);
    const cycle = (Math.floor(t / 1000) + arco * 37) % 300;
    const arc = cycle < 240;
    list.push(
      arc
        ? {
            t,
            arc,
            i: Math.round(620 + 15 * r()),
            u: Math.round((32 + 0.5 * r()) * 10) / 10,
            wf: Math.round((2.1 + 0.05 * r()) * 100) / 100,
            v: Math.round((55 + r()) * 10) / 10,
            temp: Math.round(150 + cycle / 4),
          }
        : { t, arc, i: 0, u: 0, wf: 0, v: 0, temp: Math.round(210 - (cycle - 240) / 2) },
    );
  }
  return list;
}

function flag(name: string, fallback?: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

async function main() {
  const arcos = Number(flag('arcos', '1'));
  const seconds = Number(flag('seconds', '60'));
  const hz = Number(flag('hz', '10'));
  const mqttUrl = flag('mqtt');
  const httpUrl = flag('http');
  if (!mqttUrl && !httpUrl) {
    console.error('simulate:arco needs --mqtt <url> --prefix <topic prefix> or --http <portal url> --arco <id> --key <device key>');
    process.exit(2);
  }
  const { connect } = await import('mqtt');
  const client = mqttUrl ? await connect(mqttUrl, { protocolVersion: 5 }) : null;
  if (client) await new Promise((resolve) => client.once('connect', resolve));
  const prefix = flag('prefix', 'planta/arco-');
  let sent = 0;
  const start = Date.now();
  for (let s = 0; s < seconds; s++) {
    const at = start + s * 1000;
    while (Date.now() < at + 1000) await new Promise((r) => setTimeout(r, 20));
    for (let a = 1; a <= arcos; a++) {
      const batch = sawSamples(a, at, hz, hz);
      if (client) await client.publishAsync(`${prefix}${a}/telemetry`, JSON.stringify(batch), { qos: 1 });
      else {
        const res = await fetch(`${httpUrl}/api/telemetry/arcos/${flag('arco')}/samples`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-device-key': flag('key', '') ?? '' },
          body: JSON.stringify(batch),
        });
        if (!res.ok) console.error(`${res.status} ${await res.text()}`);
      }
      sent += batch.length;
    }
    process.stdout.write(`\r${sent} samples sent`);
  }
  process.stdout.write('\n');
  await client?.endAsync();
}

if (process.argv[1]?.endsWith('simulate-arco.ts')) await main();
