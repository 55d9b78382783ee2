import { addDays } from './time';

/**
 * The weld records' Spanish texts, lists and limits, zod-free (welds.ts re-exports them;
 * docs/decisions/066-weld-records.md).
 */

/** ISO 4063 process numbers the portal knows: submerged arc (12x) and the processes of repairs. */
export const WELD_PROCESSES = {
  111: 'Soldeo por arco con electrodo revestido',
  114: 'Soldeo por arco con alambre tubular autoprotegido',
  121: 'Arco sumergido con un hilo',
  122: 'Arco sumergido con electrodo de banda',
  123: 'Arco sumergido con varios hilos',
  124: 'Arco sumergido con adición de polvo metálico',
  125: 'Arco sumergido con hilo tubular',
  131: 'Soldeo MIG con hilo macizo',
  135: 'Soldeo MAG con hilo macizo',
  136: 'Soldeo MAG con hilo tubular con fundente',
  138: 'Soldeo MAG con hilo tubular de polvo metálico',
  141: 'Soldeo TIG con material de aporte macizo',
} as const satisfies Record<number, string>;
export type WeldProcess = keyof typeof WELD_PROCESSES;
export const WELD_PROCESS_NUMBERS = Object.keys(WELD_PROCESSES).map(Number) as WeldProcess[];

/** Pass types of a WPS, in welding order. */
export const PASS_TYPES = ['raiz', 'relleno', 'peine'] as const;
export type PassType = (typeof PASS_TYPES)[number];

/** A revision is a draft until approved; an approved one is used from its date on (docs/decisions/066-weld-records.md). */
export const REVISION_STATUSES = ['borrador', 'aprobada'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

export const QUALIFICATION_STANDARDS = ['ISO 14732', 'ISO 9606-1'] as const;
export type QualificationStandard = (typeof QUALIFICATION_STANDARDS)[number];
/** The welding coordinator confirms a qualification every six months (ISO 14732 and ISO 9606-1). */
export const CONFIRMATION_MONTHS = 6;
/** A qualification expiring within this many days is shown as 'Caduca pronto'. */
export const EXPIRY_WARNING_DAYS = 30;
export const QUALIFICATION_STATES = ['vigente', 'caduca_pronto', 'sin_confirmar', 'caducada'] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];

export const LOT_KINDS = ['alambre', 'fundente'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

export const INSPECTION_METHODS = ['VT', 'UT', 'RT', 'MT', 'PT'] as const;
export type InspectionMethod = (typeof INSPECTION_METHODS)[number];
export const INSPECTION_RESULTS = ['aceptada', 'reparar'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
/** ISO 5817 quality levels: B stringent, C intermediate, D moderate. */
export const ACCEPTANCE_LEVELS = ['B', 'C', 'D'] as const;
export type AcceptanceLevel = (typeof ACCEPTANCE_LEVELS)[number];

/** ISO 6520-1 reference numbers of the imperfections common in submerged-arc seams, with their Spanish names. */
export const DEFECT_TYPES = {
  '100': 'Grieta',
  '2011': 'Poro',
  '2013': 'Porosidad agrupada',
  '301': 'Inclusión de escoria',
  '401': 'Falta de fusión',
  '402': 'Falta de penetración',
  '5011': 'Mordedura continua',
  '502': 'Sobreespesor excesivo',
  '507': 'Desalineación',
} as const satisfies Record<string, string>;
export type DefectType = keyof typeof DEFECT_TYPES;
export const DEFECT_CODES = Object.keys(DEFECT_TYPES) as DefectType[];

/**
 * A seam's state: 'pendiente' before any inspection; 'reparar' while a defect has no repair or its repair
 * no re-inspection; 'aceptada' once inspected and every defect repaired and re-inspected.
 */
export const SEAM_STATES = ['pendiente', 'reparar', 'aceptada'] as const;
export type SeamState = (typeof SEAM_STATES)[number];

/** What the plant does with a circular by an operator without a valid qualification: flag it, or refuse it (409). */
export const QUALIFICATION_MODES = ['flag', 'refuse'] as const;
export type QualificationMode = (typeof QUALIFICATION_MODES)[number];

/** Groupings of the repair rate. */
export const REPAIR_RATE_GROUPS = ['arco', 'operator', 'procedure', 'project', 'month'] as const;
export type RepairRateGroup = (typeof REPAIR_RATE_GROUPS)[number];

/** The largest page of a recall list (its CSV has every row). */
export const RECALL_PAGE_MAX = 500;

/**
 * Heat input (EN 1011-1), kJ/mm: k × U × I ÷ v ÷ 1000 with v in mm/s; the portal keeps travel speed in
 * mm/min, so v = speed ÷ 60. k is 1.0 for submerged arc.
 */
export function heatInput(volts: number, amperes: number, speedMmPerMin: number, k = 1): number {
  return (k * volts * amperes * 60) / (speedMmPerMin * 1000);
}

export const weldMessages = {
  // Rules of the inputs.
  codeRequired: 'El código del procedimiento es obligatorio.',
  codeTooLong: 'El código del procedimiento no puede superar los 40 caracteres.',
  processInvalid: 'El proceso debe ser un número de la norma ISO 4063 admitido (por ejemplo, 121).',
  materialGroupRequired: 'El grupo de material es obligatorio.',
  classificationRequired: 'La clasificación del consumible es obligatoria.',
  textTooLong: 'El texto no puede superar los 200 caracteres.',
  numberInvalid: 'Los valores deben ser números positivos.',
  rangeOrder: 'El mínimo de cada rango no puede ser mayor que el máximo.',
  thicknessOrder: 'El espesor mínimo no puede ser mayor que el máximo.',
  passesRequired: 'Indica los rangos de al menos un tipo de pasada.',
  passRepeated: 'Cada tipo de pasada puede aparecer una sola vez.',
  passTypeInvalid: 'El tipo de pasada debe ser raíz, relleno o peine.',
  heatInputUnreachable: 'El rango de aporte térmico no se alcanza con los rangos de corriente, tensión y velocidad de la pasada.',
  temperatureInvalid: 'Las temperaturas deben estar entre 0 y 400 °C.',
  standardInvalid: 'La norma de la cualificación debe ser ISO 14732 o ISO 9606-1.',
  certificateRequired: 'El número de certificado es obligatorio.',
  expiryOrder: 'La fecha de caducidad debe ser posterior a la de emisión.',
  kindInvalid: 'El tipo de lote debe ser alambre o fundente.',
  makerRequired: 'El fabricante es obligatorio.',
  lotNumberRequired: 'El número de lote es obligatorio.',
  reasonRequired: 'Indica el motivo del bloqueo.',
  methodInvalid: 'El método de inspección debe ser VT, UT, RT, MT o PT.',
  extentInvalid: 'La extensión inspeccionada debe ser un porcentaje entero entre 1 y 100.',
  lengthInvalid: 'La longitud debe ser un número entero de milímetros mayor que cero.',
  positionInvalid: 'La posición debe ser un número entero de milímetros desde el inicio de la circular.',
  resultInvalid: 'El resultado debe ser aceptada o reparar.',
  levelInvalid: 'El nivel de aceptación debe ser B, C o D (ISO 5817).',
  defectTypeInvalid: 'El tipo de defecto debe ser un número de referencia de la norma ISO 6520-1 de la lista.',
  defectsNeedRepair: 'Una inspección con defectos tiene el resultado reparar, y una con resultado reparar indica sus defectos.',
  defectBeyondLength: 'El defecto no puede quedar fuera de la longitud inspeccionada.',
  operatorsRequired: 'Indica al menos un operario.',
  operatorRepeated: 'Cada operario puede aparecer una sola vez.',
  lotRepeated: 'Cada lote puede aparecer una sola vez.',
  modeInvalid: 'El modo debe ser marcar o rechazar.',
  naveUnknown: 'La nave indicada no existe.',
  naveRepeated: 'Cada nave puede aparecer una sola vez.',
  groupInvalid: 'La agrupación debe ser arco, operario, procedimiento, proyecto o mes.',
  monthInvalid: 'El mes debe tener el formato AAAA-MM.',
  // Server answers.
  procedureNotFound: 'Procedimiento no encontrado.',
  revisionNotFound: 'Revisión no encontrada.',
  qualificationNotFound: 'Cualificación no encontrada.',
  lotNotFound: 'Lote no encontrado.',
  seamNotFound: 'La circular no tiene registro de soldadura.',
  circularNotFound: 'Circular no encontrada.',
  inspectionNotFound: 'Inspección no encontrada.',
  defectNotFound: 'Defecto no encontrado.',
  repairNotFound: 'Reparación no encontrada.',
  userUnknown: 'El usuario indicado no existe.',
  procedureUnknown: 'El procedimiento seleccionado no existe.',
  lotUnknown: 'Uno de los lotes seleccionados no existe.',
  codeTaken: 'Ya existe un procedimiento con ese código.',
  revisionDateTaken: 'El procedimiento ya tiene una revisión desde esa fecha.',
  revisionNotDraft: 'Solo se puede aprobar una revisión en borrador.',
  procedureRetired: (code: string, date: string) => `El procedimiento ${code} está retirado desde el ${date}.`,
  noRevisionInForce: (code: string, date: string) => `El procedimiento ${code} no tiene una revisión aprobada en vigor el ${date}.`,
  lotTaken: 'Ya existe un lote de ese tipo, fabricante y número.',
  lotBlocked: (lot: string, reason: string) => `El lote ${lot} está bloqueado: ${reason}`,
  lotAlreadyBlocked: 'El lote ya está bloqueado.',
  lotNotBlocked: 'El lote no está bloqueado.',
  operatorNotQualified: (name: string, process: number, date: string) =>
    `${name} no tiene una cualificación válida para el proceso ${process} el ${date}.`,
  confirmationBeforeIssue: 'La confirmación no puede ser anterior a la emisión de la cualificación.',
  confirmationAfterExpiry: 'La confirmación no puede ser posterior a la caducidad de la cualificación.',
  confirmationTaken: 'La cualificación ya tiene una confirmación en esa fecha.',
  repairTaken: 'Este defecto ya tiene su reparación.',
  reinspectionTaken: 'Esta reparación ya tiene su reinspección.',
  notCalidad: 'Solo Calidad de la nave de la circular o un administrador puede hacerlo.',
  notCalidadAnywhere: 'Solo Calidad o un administrador puede hacerlo.',
  // Confirmations.
  procedureCreated: 'Procedimiento creado.',
  revisionCreated: 'Revisión creada.',
  revisionApproved: 'Revisión aprobada.',
  procedureRetiredSaved: 'Procedimiento retirado.',
  qualificationCreated: 'Cualificación registrada.',
  confirmationSaved: 'Confirmación semestral registrada.',
  lotCreated: 'Lote registrado.',
  lotBlockedSaved: 'Lote bloqueado.',
  lotUnblockedSaved: 'Lote desbloqueado.',
  seamSaved: 'Registro de soldadura guardado.',
  inspectionSaved: 'Inspección registrada.',
  repairSaved: 'Reparación registrada.',
  rolesSaved: 'Capacidad de Calidad guardada.',
  settingsSaved: 'Ajustes de soldadura guardados.',
  // Names the screens and the CSVs show.
  passName: { raiz: 'Raíz', relleno: 'Relleno', peine: 'Peine' } as Record<PassType, string>,
  revisionStatusName: { borrador: 'Borrador', aprobada: 'Aprobada' } as Record<RevisionStatus, string>,
  lotKindName: { alambre: 'Alambre', fundente: 'Fundente' } as Record<LotKind, string>,
  methodName: {
    VT: 'Inspección visual',
    UT: 'Ultrasonidos',
    RT: 'Radiografía',
    MT: 'Partículas magnéticas',
    PT: 'Líquidos penetrantes',
  } as Record<InspectionMethod, string>,
  resultName: { aceptada: 'Aceptada', reparar: 'Reparar' } as Record<InspectionResult, string>,
  seamStateName: { pendiente: 'Pendiente de inspección', reparar: 'Reparar', aceptada: 'Aceptada' } as Record<SeamState, string>,
  qualificationStateName: {
    vigente: 'Vigente',
    caduca_pronto: 'Caduca pronto',
    sin_confirmar: 'Sin confirmación semestral',
    caducada: 'Caducada',
  } as Record<QualificationState, string>,
  modeName: { flag: 'Marcar la circular', refuse: 'Rechazar la circular' } as Record<QualificationMode, string>,
  calidad: 'Calidad',
  calidadOf: 'Calidad de',
  outsideShifts: 'Fuera de turno',
  /** Header rows of the recall CSVs. */
  recallColumns: [
    'ID de proyecto',
    'ID de tramo',
    'ID de circular',
    'Fecha de la circular',
    'Arco sumergido',
    'Procedimiento',
    'Revisión',
    'Operarios',
    'Lotes',
    'Estado',
    'Cualificación válida',
  ],
  yes: 'Sí',
  no: 'No',
} as const;

/** The Spanish names of the weld records' fields in the history (audit.ts spreads them into its list). */
export const weldAuditFields: Record<string, string> = {
  code: 'Código',
  revision: 'Revisión',
  status: 'Estado',
  valid_from: 'En vigor desde',
  retired_from: 'Retirado desde',
  process: 'Proceso (ISO 4063)',
  material_group: 'Grupo de material',
  thickness: 'Espesor (mm)',
  wire_classification: 'Clasificación del alambre',
  flux_classification: 'Clasificación del fundente',
  passes: 'Pasadas',
  standard: 'Norma',
  certificate_number: 'Número de certificado',
  issued_on: 'Emitida el',
  expires_on: 'Caduca el',
  confirmed_on: 'Confirmada el',
  kind: 'Tipo',
  classification: 'Clasificación',
  maker: 'Fabricante',
  lot_number: 'Número de lote',
  received_on: 'Recibido el',
  blocked: 'Bloqueado',
  blocked_reason: 'Motivo del bloqueo',
  procedure: 'Procedimiento',
  operators: 'Operarios',
  lots: 'Lotes',
  welded_at: 'Soldada el',
  qualified: 'Cualificación válida',
  inspection: 'Inspección',
  defects: 'Defectos',
  repaired_on: 'Reparada el',
  operator: 'Operario',
  calidad: 'Calidad de',
  qualification_mode: 'Circular sin cualificación válida',
  /** A decision on a circular out of procedure (docs/decisions/092-seam-hold-in-the-weld-records.md). */
  decision: 'Decisión',
  excursions: 'Fuera de procedimiento',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day a confirmation (or the issue) on `date` covers: six months on, the same day or the month's last. */
export function coveredUntil(date: string, months = CONFIRMATION_MONTHS): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** The issue or the latest confirmation on or before `date` (null before the issue). */
function anchorOn(issuedOn: string, confirmations: readonly string[], date: string): string | null {
  if (date < issuedOn) return null;
  return confirmations.reduce((latest, c) => (c <= date && c > latest ? c : latest), issuedOn);
}

/**
 * Whether a qualification is valid on a factory date: issued by then, not expired (the expiry day is
 * the last valid one), and within six months of its issue or its latest confirmation.
 */
export function qualificationValidOn(
  q: { issued_on: string; expires_on: string },
  confirmations: readonly string[],
  date: string,
): boolean {
  const anchor = anchorOn(q.issued_on, confirmations, date);
  return anchor !== null && date <= q.expires_on && date <= coveredUntil(anchor);
}

/** Today's state of a qualification and the last day its confirmations cover (never past its expiry). */
export function qualificationState(
  q: { issued_on: string; expires_on: string },
  confirmations: readonly string[],
  today: string,
): { state: QualificationState; confirm_by: string } {
  const anchor = anchorOn(q.issued_on, confirmations, today) ?? q.issued_on;
  const covered = coveredUntil(anchor);
  const confirm_by = covered < q.expires_on ? covered : q.expires_on;
  if (today > q.expires_on) return { state: 'caducada', confirm_by };
  if (today > covered) return { state: 'sin_confirmar', confirm_by };
  return { state: addDays(today, EXPIRY_WARNING_DAYS) >= q.expires_on ? 'caduca_pronto' : 'vigente', confirm_by };
}

/** The weld screens' texts. */
export const weldScreenMessages = {
  lotsTitle: 'Lotes de consumible',
  lotsHelp: 'Alambre y fundente por lote. Un lote bloqueado no se puede usar en circulares nuevas.',
  addLot: 'Registrar lote',
  adding: 'Registrando...',
  kind: 'Tipo',
  classification: 'Clasificación',
  maker: 'Fabricante',
  lotNumber: 'Número de lote',
  receivedOn: 'Recibido el',
  state: 'Estado',
  actions: 'Acciones',
  available: 'Disponible',
  blocked: 'Bloqueado',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  blockReason: 'Motivo del bloqueo',
  confirmBlock: 'Confirmar bloqueo',
  cancel: 'Cancelar',
  empty: 'No hay lotes registrados.',
  loading: 'Cargando lotes...',
  loadFailed: 'Ocurrió un error al cargar los lotes.',
  saveFailed: 'Ocurrió un error al guardar el lote.',
  network: 'No se pudo contactar con el servidor. Inténtalo de nuevo.',
  qualificationsTitle: 'Cualificaciones de operarios',
  qualificationsHelp:
    'Certificados ISO 14732 o ISO 9606-1 por operario. El coordinador de soldeo confirma cada seis meses; se avisa 30 días antes de caducar.',
  addQualification: 'Registrar cualificación',
  searchOperator: 'Buscar operario (nombre o número)',
  operator: 'Operario',
  chooseOperator: 'Elige un operario',
  standard: 'Norma',
  certificate: 'Número de certificado',
  process: 'Proceso (ISO 4063)',
  ranges: 'Rangos cualificados',
  issuedOn: 'Emitida el',
  expiresOn: 'Caduca el',
  confirmBy: 'Confirmada hasta',
  confirmedOn: 'Fecha de la confirmación',
  confirm: 'Confirmar',
  noQualifications: 'No hay cualificaciones registradas.',
  qualificationsLoading: 'Cargando cualificaciones...',
  qualificationsLoadFailed: 'Ocurrió un error al cargar las cualificaciones.',
  qualificationSaveFailed: 'Ocurrió un error al guardar la cualificación.',
  /** The warning above the list: expired ones, and those expiring within 30 days or awaiting confirmation. */
  expiredCount: (n: number) => (n === 1 ? '1 cualificación caducada.' : `${n} cualificaciones caducadas.`),
  attentionCount: (n: number) =>
    n === 1
      ? '1 cualificación caduca en los próximos 30 días o espera su confirmación semestral.'
      : `${n} cualificaciones caducan en los próximos 30 días o esperan su confirmación semestral.`,
} as const;

/** The inspection screens' texts: a seam's state, its inspections, defects, repairs and re-inspections (decision 077). */
export const weldInspectionMessages = {
  searchTitle: 'Inspección de soldadura',
  searchHelp: 'Busca la circular por sus identificadores para registrar sus inspecciones, defectos y reparaciones.',
  idProyecto: 'ID de proyecto',
  idTramo: 'ID de tramo',
  idCircular: 'ID de circular',
  search: 'Buscar',
  searching: 'Buscando...',
  noResults: 'No hay circulares con esos datos.',
  searchFailed: 'Ocurrió un error al buscar las circulares.',
  seamTitle: (circular: string) => `Circular ${circular}`,
  back: 'Volver a la búsqueda',
  loading: 'Cargando la circular...',
  loadFailed: 'Ocurrió un error al cargar la circular.',
  network: 'No se pudo contactar con el servidor. Inténtalo de nuevo.',
  saveFailed: 'Ocurrió un error al guardar.',
  state: 'Estado',
  statePending: 'Hay registros pendientes de enviar: el estado se actualizará cuando el servidor los reciba.',
  unqualified: 'Operario sin cualificación válida ese día',
  project: 'Proyecto',
  tramo: 'Tramo',
  date: 'Fecha',
  arco: 'Arco',
  procedure: 'Procedimiento',
  revision: (n: number) => `rev. ${n}`,
  operators: 'Operarios',
  lots: 'Lotes',
  noLots: 'Sin lotes registrados',
  readOnly: 'Solo Calidad de la nave de la circular o un administrador puede registrar inspecciones y reparaciones.',
  inspections: 'Inspecciones',
  noInspections: 'La circular aún no tiene inspecciones.',
  addInspection: 'Registrar inspección',
  addReinspection: 'Registrar reinspección',
  reinspection: 'Reinspección',
  inspection: 'Inspección',
  method: 'Método',
  extent: 'Extensión inspeccionada (%)',
  inspectedLength: 'Longitud inspeccionada (mm)',
  result: 'Resultado',
  inspectedOn: 'Fecha de la inspección',
  inspector: 'Inspector',
  defects: 'Defectos',
  defectN: (n: number) => `Defecto ${n}`,
  addDefect: 'Añadir defecto',
  removeDefect: (n: number) => `Quitar el defecto ${n}`,
  defectType: 'Tipo de defecto (ISO 6520-1)',
  position: 'Posición desde el inicio (mm)',
  defectLength: 'Longitud del defecto (mm)',
  level: 'Nivel de aceptación (ISO 5817)',
  defectSummary: (position: number, length: number, level: string) => `a ${position} mm del inicio, ${length} mm, nivel ${level}`,
  inspectionSummary: (extent: number, length: number) => `${extent} % de ${length} mm`,
  saveInspection: 'Guardar inspección',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  addRepair: 'Registrar reparación',
  repair: 'Reparación',
  repairProcedure: 'Procedimiento de la reparación',
  chooseProcedure: 'Elige un procedimiento',
  repairOperator: 'Operario de la reparación',
  chooseOperator: 'Elige un operario',
  repairedOn: 'Fecha de la reparación',
  saveRepair: 'Guardar reparación',
  repairBy: (procedure: string, operator: string) => `${procedure}, por ${operator}`,
  awaitingReinspection: 'Pendiente de reinspección',
  awaitingRepair: 'Pendiente de reparación',
  queuedInspection: 'Sin conexión: la inspección se enviará al reconectar.',
  queuedRepair: 'Sin conexión: la reparación se enviará al reconectar.',
  queuedReinspection: 'Sin conexión: la reinspección se enviará al reconectar.',
} as const;

/** The terminal's consumable lots on a new circular: scanned or picked from the arco's recent ones (decision 078). */
export const weldTerminalMessages = {
  title: 'Soldadura',
  procedure: 'Procedimiento (WPS)',
  noProcedure: 'Sin procedimiento',
  scan: 'Lote de consumible',
  scanHelp: 'Escanea el código del lote o escribe su número y pulsa Intro.',
  recent: 'Lotes recientes del arco',
  chosen: 'Lotes de esta circular',
  lotName: (kind: string, lot: string) => `${kind} ${lot}`,
  removeLot: (lot: string) => `Quitar el lote ${lot}`,
  lotAdded: (lot: string) => `Lote ${lot} añadido.`,
  procedureNeeded: 'Elige el procedimiento para registrar los lotes con la circular.',
  lotsLoading: 'Cargando lotes...',
} as const;

/** The procedures (WPS) screen's texts (decision 066: revisions from a date, approved, retired). */
export const weldProcedureMessages = {
  title: 'Procedimientos de soldeo (WPS)',
  help: 'Cada cambio es una revisión nueva desde una fecha: las circulares ya soldadas conservan la revisión con la que se soldaron. Una revisión se usa cuando está aprobada.',
  add: 'Crear procedimiento',
  addRevision: 'Nueva revisión',
  code: 'Código',
  validFrom: 'En vigor desde',
  process: 'Proceso (ISO 4063)',
  materialGroup: 'Grupo de material',
  thicknessMin: 'Espesor mínimo (mm)',
  thicknessMax: 'Espesor máximo (mm)',
  wire: 'Clasificación del alambre',
  flux: 'Clasificación del fundente',
  notes: 'Notas',
  passes: 'Rangos por tipo de pasada',
  includePass: (pass: string) => `Incluir la pasada de ${pass.toLowerCase()}`,
  currentMin: 'Corriente mínima (A)',
  currentMax: 'Corriente máxima (A)',
  voltageMin: 'Tensión mínima (V)',
  voltageMax: 'Tensión máxima (V)',
  speedMin: 'Velocidad mínima (mm/min)',
  speedMax: 'Velocidad máxima (mm/min)',
  heatMin: 'Aporte térmico mínimo (kJ/mm)',
  heatMax: 'Aporte térmico máximo (kJ/mm)',
  preheat: 'Precalentamiento mínimo (°C)',
  interpass: 'Temperatura entre pasadas máxima (°C)',
  save: 'Guardar',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  revisionN: (n: number) => `Revisión ${n}`,
  approve: (n: number) => `Aprobar la revisión ${n}`,
  approvedBy: (name: string, date: string) => `aprobada por ${name} el ${date}`,
  retire: 'Retirar',
  retireFrom: 'Retirar desde',
  confirmRetire: 'Confirmar retirada',
  retiredFrom: (date: string) => `Retirado desde el ${date}`,
  empty: 'No hay procedimientos registrados.',
  loading: 'Cargando procedimientos...',
  loadFailed: 'Ocurrió un error al cargar los procedimientos.',
  saveFailed: 'Ocurrió un error al guardar el procedimiento.',
  network: 'No se pudo contactar con el servidor. Inténtalo de nuevo.',
  thickness: (min: number, max: number) => `${min} a ${max} mm`,
} as const;
