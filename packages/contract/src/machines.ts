import { z } from 'zod';
import { optionalMotivo } from './motivos';
import { descriptionSchema, parada } from './paradas';

/**
 * Machine signals: an arco bound to an MQTT topic or an HTTP device key reports 'running' or
 * 'stopped', and the server turns its transitions into paradas (source 'machine').
 */
export const machineMessages = {
  /** The broker's last error on the admin screen while the database is away (the signals wait in the broker). */
  heldForDatabase: 'Base de datos no disponible: las señales esperan en el broker.',
  // Device (POST /api/machines/:id/state) and MQTT payload rules.
  stateInvalid: 'Estado no válido: envía running o stopped, 1 o 0, o un JSON con state y at.',
  atInvalid: 'La hora del estado no es válida: usa una fecha ISO 8601 con zona horaria.',
  keyMissing: 'Falta la clave del dispositivo (cabecera X-Device-Key).',
  keyInvalid: 'Clave de dispositivo no válida o revocada.',
  // Binding rules (admin).
  topicMax: 'El tema MQTT no puede exceder los 200 caracteres.',
  topicInvalid: 'El tema MQTT no puede contener comodines (+ o #), empezar por $ ni estar vacío entre barras.',
  topicDuplicate: 'Ese tema MQTT ya está asignado a otro arco sumergido.',
  noKey: 'Este arco sumergido no tiene clave de dispositivo.',
  // Server texts.
  bindingSaved: 'Señal de máquina guardada.',
  keyCreated: 'Clave de dispositivo creada. Cópiala ahora: no se volverá a mostrar.',
  keyRevoked: 'Clave de dispositivo revocada.',
  accepted: 'Estado recibido.',
  described: 'Descripción de la parada guardada.',
  notMachineParada: 'Solo se puede completar así una parada abierta por la máquina.',
  otherArco: 'Esta parada es de otro arco sumergido.',
  // Texts the screens show.
  signal: 'Señal de máquina',
  topic: 'Tema MQTT',
  topicHelp: 'Déjalo vacío si la máquina no publica por MQTT.',
  deviceKey: 'Clave de dispositivo (HTTP)',
  keyActive: (date: string) => `Clave activa desde ${date}`,
  keyNone: 'Sin clave',
  newKey: 'Generar clave nueva',
  revokeKey: 'Revocar clave',
  confirmRevoke: '¿Seguro que quieres revocar la clave? El dispositivo dejará de poder enviar estados.',
  copyNow: 'Copia la clave ahora: no se volverá a mostrar.',
  // Device set-up (docs/decisions/035-device-set-up-and-live-reports.md).
  deviceSetup: 'Configuración del dispositivo',
  arcoId: 'Número del arco sumergido',
  deviceUrl: 'URL del dispositivo (POST)',
  deviceUrlHelp: 'El dispositivo envía running o stopped (o 1 o 0) con la clave en la cabecera X-Device-Key.',
  curlExample: 'Ejemplo con curl',
  curlKeyPlaceholder: 'TU_CLAVE',
  mqttExample: 'Ejemplo por MQTT (mosquitto_pub)',
  copy: 'Copiar',
  copyUrl: 'Copiar URL',
  copyKey: 'Copiar clave',
  copyCurl: 'Copiar ejemplo curl',
  copyMqtt: 'Copiar ejemplo MQTT',
  copied: 'Copiado',
  copyFailed: 'No se pudo copiar: el texto queda seleccionado, cópialo con Ctrl+C o manteniéndolo pulsado.',
  confirmNewKeyTitle: 'Generar clave nueva',
  confirmNewKey:
    'La clave actual dejará de funcionar en cuanto se genere la nueva: el dispositivo no podrá enviar estados hasta que tenga la clave nueva.',
  confirmNewKeyAction: 'Generar clave nueva',
  confirmNewKeyBusy: 'Generando...',
  save: 'Guardar',
  close: 'Cerrar',
  configure: 'Señal',
  bound: 'Con señal de máquina',
  lastReport: 'Último informe',
  never: 'Nunca',
  noSignal: 'Sin señal',
  machine: 'Máquina',
  worker: 'Trabajador',
  microStop: 'Microparada',
  microStops: 'Microparadas',
  microStopsToday: 'Microparadas hoy',
  brokerTitle: 'Broker MQTT',
  brokerConnected: 'Conectado',
  brokerDisconnected: 'Desconectado',
  brokerOff: 'No configurado (MQTT_URL vacío)',
  panelTitle: 'Parada detectada por la máquina',
  panelSince: 'Desde las',
  panelHelp: 'La máquina la cerrará al volver a funcionar. Añade lo que la máquina no sabe.',
  descriptionLabel: 'Descripción de la parada',
  saveDescription: 'Guardar descripción',
  describeFallback: 'Fallo al guardar la descripción.',
  loadFallback: 'Fallo al cargar las señales de máquina',
  saveFallback: 'Fallo al guardar la señal de máquina.',
  keyFallback: 'Fallo al cambiar la clave de dispositivo.',
} as const;

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

export const machineBindingSaved = z.object({ binding: machineBinding, message: z.string() });
export const machineKeyCreated = z.object({ key: z.string(), binding: machineBinding, message: z.string() });
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
export const machineParadaSaved = z.object({ parada, message: z.string() });
