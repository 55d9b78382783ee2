import { z } from 'zod';
import { savedResponse } from './common';
import { machineMessages } from './machines-messages';
import { optionalMotivo } from './motivos';
import { descriptionSchema, parada } from './paradas';

/**
 * Machine signals: an arco bound to an MQTT topic or an HTTP device key reports 'running' or
 * 'stopped', and the server turns its transitions into paradas (source 'machine').
 */

// The texts and limits, zod-free (the terminal's home imports them from machines-messages directly).
export * from './machines-messages';

export const MACHINE_STATES = ['running', 'stopped'] as const;
export type MachineState = (typeof MACHINE_STATES)[number];

export interface MachineSignal {
  state: MachineState;
  /** The device's own time of the change, when it sent one (ISO 8601, normalised to UTC). */
  at?: string;
}

const words: Record<string, MachineState> = { running: 'running', stopped: 'stopped', '1': 'running', '0': 'stopped' };

const isoWithZone = z.iso.datetime({ offset: true });

/**
 * A device's message, as MQTT payload text or an HTTP body: 'running'/'stopped', 1/0, or JSON
 * {state, at} whose state is any of those. Answers the signal or the Spanish reason it is refused.
 */
export function parseMachineSignal(raw: unknown): MachineSignal | { error: string } {
  let value = raw;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text);
      } catch {
        return { error: machineMessages.stateInvalid };
      }
    } else value = text;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    const state = words[String(value).trim().toLowerCase()];
    return state ? { state } : { error: machineMessages.stateInvalid };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: machineMessages.stateInvalid };
  const { state: rawState, at } = value as { state?: unknown; at?: unknown };
  const state = typeof rawState === 'string' || typeof rawState === 'number' ? words[String(rawState).trim().toLowerCase()] : undefined;
  if (!state) return { error: machineMessages.stateInvalid };
  if (at === undefined || at === null) return { state };
  if (typeof at !== 'string' || !isoWithZone.safeParse(at).success) return { error: machineMessages.atInvalid };
  return { state, at: new Date(at).toISOString() };
}

export const TOPIC_MAX = 200;

/** An MQTT topic name a device publishes to: no wildcards, not a $SYS-like topic, no empty levels. */
const topicSchema = z
  .string({ error: machineMessages.topicInvalid })
  .trim()
  .max(TOPIC_MAX, machineMessages.topicMax)
  .refine((t) => t === '' || (!/[+#]/.test(t) && !t.startsWith('$') && t.split('/').every(Boolean)), machineMessages.topicInvalid);

/** PUT /api/admin/arcos-sumergidos/:id/machine: the topic, blank or null to unbind MQTT. */
export const machineBindingBody = z.object({
  topic: topicSchema.nullish().transform((t) => (t ? t : null)),
});
export type MachineBindingBody = z.input<typeof machineBindingBody>;

export const machineBinding = z.object({
  arco_sumergido_id: z.number(),
  topic: z.string().nullable(),
  has_key: z.boolean(),
  key_created_at: z.string().nullable(),
  state: z.enum(MACHINE_STATES).nullable(),
  last_report_at: z.string().nullable(),
});
export type MachineBinding = z.infer<typeof machineBinding>;

export const brokerStatus = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  /** The broker's address without credentials. */
  url: z.string().nullable(),
  /** Since when the connection is in its current state. */
  since: z.string().nullable(),
  last_error: z.string().nullable(),
  reconnects: z.number(),
  /** Messages handled by this instance since it started. */
  messages: z.number(),
});
export type BrokerStatus = z.infer<typeof brokerStatus>;

/** GET /api/admin/machines: the broker connection and every bound arco's signal. */
export const machinesStatus = z.object({
  broker: brokerStatus,
  silence_seconds: z.number(),
  micro_stop_seconds: z.number(),
  arcos: z.array(machineBinding),
});
export type MachinesStatus = z.infer<typeof machinesStatus>;

export const machineBindingSaved = savedResponse({ binding: machineBinding });
export type MachineBindingSaved = z.infer<typeof machineBindingSaved>;
export const machineKeyCreated = savedResponse({ key: z.string(), binding: machineBinding });
export type MachineKeyCreated = z.infer<typeof machineKeyCreated>;

/** POST /api/machines/:id/state answers what it did with the state. */
export const machineStateResult = z.object({
  message: z.string(),
  /** applied: a transition; repeat: same state as the last one; late: older than the last applied. */
  outcome: z.enum(['applied', 'repeat', 'late']),
  state: z.enum(MACHINE_STATES),
  at: z.string(),
});
export type MachineStateResult = z.infer<typeof machineStateResult>;

/**
 * PUT /api/machines/paradas/:id: what the machine cannot know, added by a worker at its arco (or an
 * admin): the description, and the motivo (absent keeps the stored one, null or '' clears it).
 */
export const machineParadaBody = z.object({ description: descriptionSchema, motivo_id: optionalMotivo });
export type MachineParadaBody = z.input<typeof machineParadaBody>;
export const machineParadaSaved = savedResponse({ parada });
export type MachineParadaSaved = z.infer<typeof machineParadaSaved>;
