import { z } from 'zod';
import { type Decision, type decisionBody, type Excursion, excursion, type Parameter } from './telemetry';
import { seamCircular } from './welds';
import { PASS_TYPES, type PassType, SEAM_STATES } from './welds-messages';

/**
 * A circular out of procedure and the decision of Calidad on it (docs/decisions/080-weld-judgement-and-acceptance.md,
 * 092-seam-hold-in-the-weld-records.md): the list of those awaiting one, the judgement and decision on
 * the seam's page, the decision's form, and how the history writes it.
 */

const num = (n: number, digits = 0) => n.toLocaleString('es-ES', { maximumFractionDigits: digits });

/** The unit each judged parameter's limit and value are in (speed as the procedure's range: mm/min). */
const UNIT: Record<Parameter, string> = { current: 'A', voltage: 'V', speed: 'mm/min', temperature: '°C' };
const PARAMETER: Record<Parameter, string> = { current: 'Intensidad', voltage: 'Tensión', speed: 'Velocidad', temperature: 'Temperatura' };
const PASS: Record<PassType, string> = { raiz: 'Raíz', relleno: 'Relleno', peine: 'Peine' };

/** An excursion with the pass it was found in. */
export const passExcursion = excursion.extend({ pass_type: z.enum(PASS_TYPES).nullable() });
export type PassExcursion = z.infer<typeof passExcursion>;

const duration = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
};

export const decisionMessages = {
  // ---- The list ----
  title: 'Circulares fuera de procedimiento',
  intro:
    'Circulares cuyos parámetros de soldeo salieron del procedimiento más tiempo del permitido. Ninguna queda aceptada hasta que Calidad de su nave o un administrador registre una decisión.',
  loading: 'Cargando circulares...',
  loadFailed: 'No se pudieron cargar las circulares fuera de procedimiento.',
  network: 'Sin conexión con el servidor: inténtalo de nuevo.',
  empty: 'Ninguna circular espera una decisión.',
  count: (n: number) => (n === 1 ? 'Una circular espera una decisión.' : `${n} circulares esperan una decisión.`),
  markedOn: (date: string) => `Fuera de procedimiento desde el ${date}`,
  where: (arco: string, nave: string) => `${arco} (${nave})`,
  open: 'Ver y decidir',
  openLabel: (circular: string) => `Ver y decidir: circular ${circular}`,
  /** The link to the list from 'Inspección de soldadura' and the admin menu. */
  navLabel: 'Fuera de procedimiento',
  back: 'Volver a la inspección',

  // ---- On the seam's page ----
  judgementTitle: 'Parámetros de soldeo',
  conforme: 'Dentro del procedimiento',
  outOfProcedure: 'Fuera de procedimiento',
  noTelemetry: 'No hay parámetros de soldeo registrados de esta circular.',
  excursions: 'Salidas del procedimiento',
  held: 'No puede quedar aceptada hasta que se registre la decisión de aceptarla.',
  heldState: 'Pendiente de decisión',
  awaitingDecision: 'Pendiente de decisión',
  decision: 'Decisión',
  decisionName: { aceptar: 'Aceptada', rechazar: 'Rechazada' } as Record<Decision, string>,
  decidedBy: (who: string, when: string) => `${who}, el ${when}`,
  reason: 'Motivo',
  judgementLoadFailed: 'No se pudieron cargar los parámetros de soldeo de la circular.',

  // ---- The decision's form ----
  formTitle: 'Registrar la decisión',
  changeTitle: 'Cambiar la decisión',
  option: { aceptar: 'Aceptar la circular', rechazar: 'Rechazar la circular' } as Record<Decision, string>,
  reasonHelp: 'En qué te basas: la inspección, el efecto de la salida, lo que se hará.',
  submit: 'Registrar decisión',
  submitting: 'Registrando...',
  cancel: 'Cancelar',
  saveFailed: 'No se pudo registrar la decisión.',
  offline: 'Sin conexión: la decisión se registra solo con conexión, sobre lo que el servidor sabe en ese momento de la circular.',
  readOnly: 'Deciden Calidad de la nave de la circular y los administradores.',

  // ---- An excursion, in words ----
  passName: PASS,
  parameterName: PARAMETER,
  /** 'Relleno · Intensidad por encima de 700 A: hasta 750 A durante 7 s, a 125 mm del inicio de la pasada.' */
  excursionText: (
    x: Pick<Excursion, 'parameter' | 'side' | 'limit' | 'extreme' | 'seconds' | 'position_mm'> & { pass_type?: PassType | null },
  ) => {
    const unit = UNIT[x.parameter];
    const pass = x.pass_type ? `${PASS[x.pass_type]} · ` : '';
    const side = x.side === 'max' ? 'por encima de' : 'por debajo de';
    return `${pass}${PARAMETER[x.parameter]} ${side} ${num(x.limit, 1)} ${unit}: ${x.side === 'max' ? 'hasta' : 'bajó a'} ${num(x.extreme, 1)} ${unit} durante ${duration(x.seconds)}, a ${num(x.position_mm, 1)} mm del inicio de la pasada.`;
  },
};

/** GET /api/telemetry/seams/awaiting-decision: one circular out of procedure without a decision. */
export const awaitingSeam = z.object({
  ...seamCircular,
  nave: z.string(),
  state: z.enum(SEAM_STATES),
  marked_at: z.string(),
  excursions: z.array(passExcursion),
});
export type AwaitingSeam = z.infer<typeof awaitingSeam>;
export const awaitingDecision = z.object({ seams: z.array(awaitingSeam) });
export type AwaitingDecision = z.infer<typeof awaitingDecision>;

/** POST /api/telemetry/seams/{id}/decision's body as a form fills it. */
export type DecisionBody = z.input<typeof decisionBody>;
