import { z } from 'zod';
import { PASS_TYPES, type PassType } from './welds-messages';

/**
 * Weld telemetry of an arco (docs/decisions/079-weld-telemetry.md): parameter samples from the power
 * source or its monitoring box, bound to the circular being welded, judged against its procedure.
 *
 * One sample: `t` device time (epoch milliseconds, or an ISO 8601 instant), `arc` (arc burning: 1/0 or
 * true/false), `i` current A, `u` voltage V, `wf` wire feed m/min, `v` travel speed cm/min, `temp` °C
 * (optional). MQTT topic `<arco topic>/telemetry`, QoS 1; payload one of:
 * - JSON object: `{"t":1764300000000,"arc":1,"i":620,"u":32,"wf":1.9,"v":55,"temp":180}`
 * - JSON array of such objects, or `{"samples":[…]}` (a batch; up to TELEMETRY_BATCH_MAX samples)
 * - compact text, one sample per line: `t,arc,i,u,wf,v[,temp]` (`1764300000000,1,620,32,1.9,55`)
 * HTTP: POST /api/telemetry/arcos/{id}/samples with X-Device-Key, the same payloads (JSON or text/plain).
 */

export const TELEMETRY_TOPIC_SUFFIX = '/telemetry';
/** The most samples one message or request may carry (10 s of 10 Hz from 50 arcos would be 5,000). */
export const TELEMETRY_BATCH_MAX = 5000;
/** A device clock this far ahead of the server is wrong: such a sample is refused (counted, not stored). */
export const TELEMETRY_MAX_FUTURE_MS = 60_000;
/** Older than this a device time is refused too (the broker queues a stopped portal's messages for 7 days). */
export const TELEMETRY_MAX_AGE_MS = 7 * 24 * 3600_000;

export const telemetryMessages = {
  accepted: 'Muestras recibidas.',
  notSamples: 'Las muestras no son válidas: se espera {t, arc, i, u, wf, v[, temp]} o líneas "t,arc,i,u,wf,v[,temp]".',
  tooMany: `Demasiadas muestras en un envío (máximo ${TELEMETRY_BATCH_MAX}).`,
  noArco: 'Tu sesión no tiene arco sumergido: entra en un arco para soldar.',
  runOpen: 'Ya hay una soldadura en curso en este arco.',
  noRunOpen: 'No hay ninguna soldadura en curso en este arco.',
  runNotFound: 'La soldadura no existe.',
  runNotPending: 'Esta soldadura ya está confirmada.',
  runNotYours: 'Solo quien trabaja en el arco puede iniciar, confirmar o finalizar su soldadura.',
  noWeldRecord: 'La circular no tiene registro de soldadura: indica su procedimiento antes de soldarla.',
  circularNotFound: 'La circular no existe.',
  passNotInProcedure: 'El procedimiento de la circular no tiene esa pasada.',
  passTypeInvalid: 'Tipo de pasada no válido.',
  started: '¡Soldadura iniciada!',
  confirmed: '¡Soldadura confirmada!',
  ended: '¡Soldadura finalizada!',
  decisionRecorded: 'Decisión registrada.',
  decisionInvalid: 'Decisión no válida: aceptar o rechazar.',
  reasonRequired: 'Escribe el motivo de la decisión.',
  notOutOfProcedure: 'La circular no está fuera de procedimiento.',
  heldForDatabase: 'La base de datos no está disponible: las muestras esperan en el broker.',
  rangeInvalid: 'El periodo no es válido.',
  deviationTitle: 'Fuera de procedimiento',
  deviationBody: (arco: string, circular: string, parameter: string, seconds: number) =>
    `${arco}: ${circular}, ${parameter} fuera de rango durante ${seconds} s.`,
  parameterName: { current: 'Intensidad', voltage: 'Tensión', speed: 'Velocidad', temperature: 'Temperatura' } as Record<Parameter, string>,
  runState: { pendiente: 'Pendiente de confirmar', abierta: 'Soldando', cerrada: 'Finalizada' } as Record<RunState, string>,
};

export const PARAMETERS = ['current', 'voltage', 'speed', 'temperature'] as const;
export type Parameter = (typeof PARAMETERS)[number];
export const RUN_STATES = ['pendiente', 'abierta', 'cerrada'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const JUDGEMENTS = ['conforme', 'fuera_de_procedimiento'] as const;
export type Judgement = (typeof JUDGEMENTS)[number];
export const DECISIONS = ['aceptar', 'rechazar'] as const;
export type Decision = (typeof DECISIONS)[number];

/**
 * Process efficiency factor k of EN 1011-1 (ISO/TR 17671-1) by ISO 4063 process: 1.0 for submerged
 * arc (12x), 0.8 for MMA (111) and MIG/MAG (13x, 114), 0.6 for TIG (141). Unknown processes take 1.0.
 */
export function efficiencyFactor(process: number): number {
  if (process >= 120 && process < 130) return 1.0;
  if (process === 111 || process === 114 || (process >= 131 && process < 140)) return 0.8;
  if (process === 141) return 0.6;
  return 1.0;
}

/** Heat input Q (kJ/mm) = k × U × I × 60 / (1000 × v), v in mm/min (EN 1011-1). */
export const heatInputKjMm = (k: number, voltage: number, current: number, speedMmMin: number) =>
  speedMmMin > 0 ? (k * voltage * current * 60) / (1000 * speedMmMin) : 0;

/** One sample as the service takes it: device time in epoch ms, travel speed in cm/min. */
export interface Sample {
  t: number;
  arc: boolean;
  i: number;
  u: number;
  wf: number;
  v: number;
  temp: number | null;
}

const num = (x: unknown): number | null => {
  const n = typeof x === 'string' && x.trim() !== '' ? Number(x) : x;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function sampleOf(raw: unknown): Sample | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  const t = typeof o.t === 'string' && Number.isNaN(Number(o.t)) ? Date.parse(o.t) : num(o.t);
  const arc = o.arc === true || o.arc === 1 || o.arc === '1' ? true : o.arc === false || o.arc === 0 || o.arc === '0' ? false : null;
  const [i, u, wf, v] = [num(o.i), num(o.u), num(o.wf), num(o.v)];
  const temp = o.temp === undefined || o.temp === null || o.temp === '' ? null : num(o.temp);
  if (t === null || Number.isNaN(t) || arc === null || i === null || u === null || wf === null || v === null) return null;
  if (o.temp !== undefined && o.temp !== null && o.temp !== '' && temp === null) return null;
  if (i < 0 || i > 5000 || u < 0 || u > 200 || wf < 0 || wf > 100 || v < 0 || v > 1000 || (temp !== null && (temp < -50 || temp > 2000)))
    return null;
  return { t: Math.round(t), arc, i, u, wf, v, temp };
}

function compactOf(line: string): Sample | null {
  const f = line.split(',').map((s) => s.trim());
  if (f.length < 6 || f.length > 7) return null;
  return sampleOf({ t: f[0], arc: f[1], i: f[2], u: f[3], wf: f[4], v: f[5], temp: f[6] });
}

/**
 * The samples of a message or request body (a parsed JSON value, a string or a Buffer's text): every
 * sample valid or an error (nothing of a bad batch is taken).
 */
export function parseSamples(body: unknown): { samples: Sample[] } | { error: string } {
  let value = body;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{') || text.startsWith('[')) {
      try {
        value = JSON.parse(text);
      } catch {
        return { error: telemetryMessages.notSamples };
      }
    } else {
      const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
      if (lines.length === 0) return { error: telemetryMessages.notSamples };
      if (lines.length > TELEMETRY_BATCH_MAX) return { error: telemetryMessages.tooMany };
      const samples = lines.map(compactOf);
      return samples.every((s): s is Sample => s !== null) ? { samples } : { error: telemetryMessages.notSamples };
    }
  }
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && 'samples' in value
      ? (value as { samples: unknown }).samples
      : [value];
  if (!Array.isArray(list) || list.length === 0) return { error: telemetryMessages.notSamples };
  if (list.length > TELEMETRY_BATCH_MAX) return { error: telemetryMessages.tooMany };
  const samples = list.map(sampleOf);
  return samples.every((s): s is Sample => s !== null) ? { samples } : { error: telemetryMessages.notSamples };
}

// ---- HTTP shapes ----

export const samplesResult = z.object({
  message: z.string(),
  /** Samples stored now. */
  stored: z.number(),
  /** Samples already stored (same arco and device time): a repeat changes nothing. */
  repeated: z.number(),
  /** Samples whose device time is out of bounds (TELEMETRY_MAX_FUTURE_MS ahead, TELEMETRY_MAX_AGE_MS old). */
  refused: z.number(),
});
export type SamplesResult = z.infer<typeof samplesResult>;

export const startRunBody = z.object({
  tramo_id: z.number({ error: telemetryMessages.circularNotFound }).int().positive().max(2147483647, telemetryMessages.circularNotFound),
  pass_type: z.enum(PASS_TYPES, { error: telemetryMessages.passTypeInvalid }),
});
export const decisionBody = z.object({
  decision: z.enum(DECISIONS, { error: telemetryMessages.decisionInvalid }),
  reason: z
    .string({ error: telemetryMessages.reasonRequired })
    .trim()
    .min(1, telemetryMessages.reasonRequired)
    .max(2000, telemetryMessages.reasonRequired),
});

const stats = z.object({ mean: z.number(), min: z.number(), max: z.number() }).nullable();

export const excursion = z.object({
  parameter: z.enum(PARAMETERS),
  /** 'min' below the range, 'max' above. */
  side: z.enum(['min', 'max']),
  limit: z.number(),
  /** The furthest per-second mean outside the range. */
  extreme: z.number(),
  started_at: z.string(),
  seconds: z.number(),
  /** Deposited length of the pass when it started (mm from the pass's start). */
  position_mm: z.number(),
});
export type Excursion = z.infer<typeof excursion>;

export const weldRun = z.object({
  id: z.number(),
  arco_sumergido_id: z.number(),
  tramo_id: z.number().nullable(),
  pass_type: z.enum(PASS_TYPES).nullable(),
  operator_id: z.number().nullable(),
  state: z.enum(RUN_STATES),
  origin: z.enum(['operario', 'senal']),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  arc_seconds: z.number(),
  samples: z.number(),
  current: stats,
  voltage: stats,
  wire_feed: stats,
  speed: stats,
  temperature: stats,
  /** kJ/mm from the means of the arc-on samples and the procedure's efficiency factor (null without arc). */
  heat_input_kj_mm: z.number().nullable(),
  efficiency_factor: z.number(),
  length_mm: z.number(),
  deposited_kg: z.number(),
  excursions: z.array(excursion),
});
export type WeldRun = z.infer<typeof weldRun>;
export const weldRunSaved = z.object({ run: weldRun, message: z.string() });

export const secondSummary = z.object({
  at: z.string(),
  arc_share: z.number(),
  current: z.number().nullable(),
  voltage: z.number().nullable(),
  wire_feed: z.number().nullable(),
  speed: z.number().nullable(),
  temperature: z.number().nullable(),
});
export const runSeconds = z.object({ seconds: z.array(secondSummary) });

export const seamTelemetry = z.object({
  tramo_id: z.number(),
  judgement: z.enum(JUDGEMENTS),
  decision: z.enum(DECISIONS).nullable(),
  decision_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  runs: z.array(weldRun),
});
export type SeamTelemetry = z.infer<typeof seamTelemetry>;
export const seamDecisionSaved = z.object({ seam: seamTelemetry, message: z.string() });

export const liveArco = z.object({
  arco_sumergido_id: z.number(),
  arc: z.boolean(),
  at: z.string(),
  current: z.number(),
  voltage: z.number(),
  wire_feed: z.number(),
  speed: z.number(),
  temperature: z.number().nullable(),
  run_id: z.number().nullable(),
});
export type LiveArco = z.infer<typeof liveArco>;
export const liveResponse = z.object({ arcos: z.array(liveArco) });

/** GET /api/telemetry/figures?from&to (factory dates, inclusive) [&nave]. */
export const figuresQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, telemetryMessages.rangeInvalid),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, telemetryMessages.rangeInvalid),
  nave: z.string().optional(),
});

export const arcoShiftFigures = z.object({
  arco_sumergido_id: z.number(),
  arco: z.string(),
  date: z.string(),
  shift: z.string(),
  /** Worked time of the shift: its length less its breaks (the nave's calendar). */
  planned_seconds: z.number(),
  stop_seconds: z.number(),
  run_seconds: z.number(),
  arc_seconds: z.number(),
  /** arc_seconds ÷ planned_seconds. */
  arc_on_share: z.number().nullable(),
  length_m: z.number(),
  deposited_kg: z.number(),
  /** Time the welded length takes at the procedure's nominal travel speed (the mid of the pass's range). */
  nominal_seconds: z.number(),
  availability: z.number().nullable(),
  performance: z.number().nullable(),
  inspected_seams: z.number(),
  first_pass_seams: z.number(),
  quality: z.number().nullable(),
  oee: z.number().nullable(),
});
export const operatorShiftFigures = z.object({
  operator_id: z.number(),
  operator: z.string(),
  date: z.string(),
  shift: z.string(),
  planned_seconds: z.number(),
  arc_seconds: z.number(),
  arc_on_share: z.number().nullable(),
});
export const figuresResponse = z.object({ arcos: z.array(arcoShiftFigures), operators: z.array(operatorShiftFigures) });
export type FiguresResponse = z.infer<typeof figuresResponse>;

export const liveWeldEvent = liveArco;
export const deviationEvent = z.object({
  tramo_id: z.number(),
  run_id: z.number(),
  arco_sumergido_id: z.number(),
  parameter: z.enum(PARAMETERS),
  seconds: z.number(),
});
export type PassTypeName = PassType;
