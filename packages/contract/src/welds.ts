import { z } from 'zod';
import { dateSchema, idSchema, instantSchema } from './common';
import { dossierMessages, lotCertificate, PLANT_NAME_MAX } from './welds-dossier';
import {
  ACCEPTANCE_LEVELS,
  DEFECT_CODES,
  heatInput,
  INSPECTION_METHODS,
  INSPECTION_RESULTS,
  LOT_KINDS,
  weldMessages as m,
  PASS_TYPES,
  QUALIFICATION_MODES,
  QUALIFICATION_STANDARDS,
  QUALIFICATION_STATES,
  RECALL_PAGE_MAX,
  REPAIR_RATE_GROUPS,
  REVISION_STATUSES,
  SEAM_STATES,
  WELD_PROCESS_NUMBERS,
  type WeldProcess,
} from './welds-messages';

/**
 * The weld records (docs/decisions/066-weld-records.md): welding procedures (WPS) and their revisions,
 * operators' qualifications, consumable lots, each circular's trace (revision, operators, lots), its
 * inspections, defects, repairs and re-inspections, the recalls and the repair figures.
 */

export * from './welds-messages';

const text = (required: string, max = 200) => z.string({ error: required }).trim().min(1, required).max(max, m.textTooLong);
const optionalText = z.string({ error: m.textTooLong }).trim().max(200, m.textTooLong).optional();
const positive = (max: number) => z.number({ error: m.numberInvalid }).positive(m.numberInvalid).max(max, m.numberInvalid);
const wholePositive = (max: number) =>
  z.number({ error: m.numberInvalid }).int(m.numberInvalid).positive(m.numberInvalid).max(max, m.numberInvalid);
const temperature = z
  .number({ error: m.temperatureInvalid })
  .int(m.temperatureInvalid)
  .min(0, m.temperatureInvalid)
  .max(400, m.temperatureInvalid);
const process = z
  .number({ error: m.processInvalid })
  .int(m.processInvalid)
  .refine((n): n is WeldProcess => (WELD_PROCESS_NUMBERS as number[]).includes(n), { error: m.processInvalid });

// ---- Procedures (WPS) and their revisions ----

/** One pass type's ranges: current (A), voltage (V), travel speed (mm/min), heat input (kJ/mm), temperatures (°C). */
export const passRanges = z
  .object({
    pass_type: z.enum(PASS_TYPES, { error: m.passTypeInvalid }),
    current_min: wholePositive(5000),
    current_max: wholePositive(5000),
    voltage_min: positive(100),
    voltage_max: positive(100),
    speed_min: wholePositive(10_000),
    speed_max: wholePositive(10_000),
    heat_input_min: positive(20),
    heat_input_max: positive(20),
    preheat_min_c: temperature,
    interpass_max_c: temperature,
  })
  .refine(
    (p) =>
      p.current_min <= p.current_max &&
      p.voltage_min <= p.voltage_max &&
      p.speed_min <= p.speed_max &&
      p.heat_input_min <= p.heat_input_max,
    { error: m.rangeOrder },
  )
  .refine(
    (p) =>
      heatInput(p.voltage_max, p.current_max, p.speed_min) >= p.heat_input_min &&
      heatInput(p.voltage_min, p.current_min, p.speed_max) <= p.heat_input_max,
    { error: m.heatInputUnreachable },
  )
  .refine((p) => p.preheat_min_c <= p.interpass_max_c, { error: m.rangeOrder });
export type PassRanges = z.infer<typeof passRanges>;

/** What a revision of a WPS says; a change is a new revision from a date. */
const revisionContent = {
  valid_from: dateSchema,
  process,
  material_group: text(m.materialGroupRequired, 40),
  thickness_min_mm: positive(1000),
  thickness_max_mm: positive(1000),
  wire_classification: text(m.classificationRequired, 60),
  flux_classification: text(m.classificationRequired, 60),
  passes: z
    .array(passRanges, { error: m.passesRequired })
    .min(1, m.passesRequired)
    .max(PASS_TYPES.length, m.passRepeated)
    .refine((list) => new Set(list.map((p) => p.pass_type)).size === list.length, { error: m.passRepeated }),
  notes: optionalText,
};
const thicknessInOrder = (r: { thickness_min_mm: number; thickness_max_mm: number }) => r.thickness_min_mm <= r.thickness_max_mm;

/** POST /api/welds/procedures: a new procedure with its first revision, a draft. */
export const procedureCreateBody = z
  .object({ code: z.string({ error: m.codeRequired }).trim().min(1, m.codeRequired).max(40, m.codeTooLong), ...revisionContent })
  .refine(thicknessInOrder, { error: m.thicknessOrder });
export type ProcedureCreateBody = z.input<typeof procedureCreateBody>;

/** POST /api/welds/procedures/:id/revisions: the next revision, a draft, in force from `valid_from` once approved. */
export const revisionCreateBody = z.object(revisionContent).refine(thicknessInOrder, { error: m.thicknessOrder });
export type RevisionCreateBody = z.input<typeof revisionCreateBody>;

/** POST /api/welds/procedures/:id/retire: no seam from that date on may use it; it stays readable. */
export const retireBody = z.object({ retired_from: dateSchema });

export const revisionParams = z.object({ id: idSchema, revision: idSchema });

export const revision = z.object({
  id: z.number(),
  procedure_id: z.number(),
  revision: z.number(),
  status: z.enum(REVISION_STATUSES),
  valid_from: z.string(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  process: z.number(),
  material_group: z.string(),
  thickness_min_mm: z.number(),
  thickness_max_mm: z.number(),
  wire_classification: z.string(),
  flux_classification: z.string(),
  notes: z.string().nullable(),
  passes: z.array(
    z.object({
      pass_type: z.enum(PASS_TYPES),
      current_min: z.number(),
      current_max: z.number(),
      voltage_min: z.number(),
      voltage_max: z.number(),
      speed_min: z.number(),
      speed_max: z.number(),
      heat_input_min: z.number(),
      heat_input_max: z.number(),
      preheat_min_c: z.number(),
      interpass_max_c: z.number(),
    }),
  ),
});
export type Revision = z.infer<typeof revision>;

export const procedure = z.object({
  id: z.number(),
  code: z.string(),
  retired_from: z.string().nullable(),
  created_at: z.string(),
  revisions: z.array(revision),
});
export type Procedure = z.infer<typeof procedure>;
export const procedureSaved = z.object({ procedure, message: z.string() });

// ---- Operators' qualifications ----

/** POST /api/welds/qualifications. */
export const qualificationBody = z
  .object({
    user_id: idSchema,
    standard: z.enum(QUALIFICATION_STANDARDS, { error: m.standardInvalid }),
    certificate_number: text(m.certificateRequired, 60),
    process,
    range_notes: optionalText,
    thickness_min_mm: positive(1000).nullable().optional(),
    thickness_max_mm: positive(1000).nullable().optional(),
    issued_on: dateSchema,
    expires_on: dateSchema,
  })
  .refine((q) => q.issued_on < q.expires_on, { error: m.expiryOrder })
  .refine((q) => q.thickness_min_mm == null || q.thickness_max_mm == null || q.thickness_min_mm <= q.thickness_max_mm, {
    error: m.thicknessOrder,
  });
export type QualificationBody = z.input<typeof qualificationBody>;

/** POST /api/welds/qualifications/:id/confirmations: the six-monthly confirmation by the welding coordinator. */
export const confirmationBody = z.object({ confirmed_on: dateSchema });

export const qualificationsQuery = z.object({ user_id: idSchema.optional() });

export const qualification = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  standard: z.enum(QUALIFICATION_STANDARDS),
  certificate_number: z.string(),
  process: z.number(),
  range_notes: z.string().nullable(),
  thickness_min_mm: z.number().nullable(),
  thickness_max_mm: z.number().nullable(),
  issued_on: z.string(),
  expires_on: z.string(),
  /** Dates of the six-monthly confirmations, oldest first. */
  confirmations: z.array(z.string()),
  /** Today's state: expired, expiring within 30 days, or past its six months without a confirmation. */
  state: z.enum(QUALIFICATION_STATES),
  /** The last day the latest confirmation (or the issue) covers. */
  confirm_by: z.string(),
});
export type Qualification = z.infer<typeof qualification>;
export const qualificationSaved = z.object({ qualification, message: z.string() });

// ---- Consumable lots ----

/** POST /api/welds/lots. */
export const lotBody = z.object({
  kind: z.enum(LOT_KINDS, { error: m.kindInvalid }),
  classification: text(m.classificationRequired, 60),
  maker: text(m.makerRequired, 80),
  lot_number: text(m.lotNumberRequired, 60),
  received_on: dateSchema,
});
export type LotBody = z.input<typeof lotBody>;
export const blockBody = z.object({ reason: text(m.reasonRequired) });
export const lotsQuery = z.object({ kind: z.enum(LOT_KINDS, { error: m.kindInvalid }).optional() });

export const lot = z.object({
  id: z.number(),
  kind: z.enum(LOT_KINDS),
  classification: z.string(),
  maker: z.string(),
  lot_number: z.string(),
  received_on: z.string(),
  /** The inspection certificate 3.1 (EN 10204) once attached; null until then. */
  certificate_path: z.string().nullable(),
  /** The attached certificate's original name, type, size and when (docs/decisions/076-lot-certificates.md). */
  certificate: lotCertificate.nullable(),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
});
export type Lot = z.infer<typeof lot>;
export const lotSaved = z.object({ lot, message: z.string() });

// ---- A circular's trace ----

/** PUT /api/welds/seams/:id (the tramo's id): the procedure, its operators and lots; the revision is the one in force that day. */
export const seamBody = z.object({
  procedure_id: idSchema,
  operator_ids: z
    .array(idSchema, { error: m.operatorsRequired })
    .min(1, m.operatorsRequired)
    .max(10, m.operatorRepeated)
    .refine((list) => new Set(list).size === list.length, { error: m.operatorRepeated }),
  lot_ids: z
    .array(idSchema, { error: m.lotUnknown })
    .max(20, m.lotRepeated)
    .refine((list) => new Set(list).size === list.length, { error: m.lotRepeated }),
  /** When the seam was welded (its shift); defaults to when the circular was recorded. */
  welded_at: instantSchema.optional(),
});
export type SeamBody = z.input<typeof seamBody>;

const length = z.number({ error: m.lengthInvalid }).int(m.lengthInvalid).positive(m.lengthInvalid).max(1_000_000, m.lengthInvalid);

export const defectBody = z.object({
  code: z.enum(DEFECT_CODES as [string, ...string[]], { error: m.defectTypeInvalid }),
  position_mm: z.number({ error: m.positionInvalid }).int(m.positionInvalid).min(0, m.positionInvalid).max(1_000_000, m.positionInvalid),
  length_mm: length,
  level: z.enum(ACCEPTANCE_LEVELS, { error: m.levelInvalid }),
});

/** POST /api/welds/seams/:id/inspections, and POST /api/welds/repairs/:id/reinspection. */
export const inspectionBody = z
  .object({
    method: z.enum(INSPECTION_METHODS, { error: m.methodInvalid }),
    extent_percent: z.number({ error: m.extentInvalid }).int(m.extentInvalid).min(1, m.extentInvalid).max(100, m.extentInvalid),
    inspected_length_mm: length,
    result: z.enum(INSPECTION_RESULTS, { error: m.resultInvalid }),
    inspected_on: dateSchema,
    defects: z.array(defectBody).max(50).default([]),
  })
  .refine((i) => (i.result === 'reparar') === i.defects.length > 0, { error: m.defectsNeedRepair })
  .refine((i) => i.defects.every((d) => d.position_mm + d.length_mm <= i.inspected_length_mm), { error: m.defectBeyondLength });
export type InspectionBody = z.input<typeof inspectionBody>;

/** POST /api/welds/defects/:id/repair: made to its own procedure's revision by its own operator. */
export const repairBody = z.object({ procedure_id: idSchema, operator_id: idSchema, repaired_on: dateSchema });
export type RepairBody = z.input<typeof repairBody>;

const repair = z.object({
  id: z.number(),
  procedure_code: z.string(),
  revision: z.number(),
  operator_id: z.number().nullable(),
  operator_name: z.string(),
  repaired_on: z.string(),
  qualified: z.boolean(),
  reinspection_id: z.number().nullable(),
});

export const inspection = z.object({
  id: z.number(),
  method: z.enum(INSPECTION_METHODS),
  extent_percent: z.number(),
  inspected_length_mm: z.number(),
  result: z.enum(INSPECTION_RESULTS),
  inspected_on: z.string(),
  inspector_name: z.string(),
  /** Set on a re-inspection: the repair it checks. */
  repair_id: z.number().nullable(),
  defects: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      position_mm: z.number(),
      length_mm: z.number(),
      level: z.enum(ACCEPTANCE_LEVELS),
      repair: repair.nullable(),
    }),
  ),
});
export type Inspection = z.infer<typeof inspection>;

export const seam = z.object({
  tramo_id: z.number(),
  id_proyecto: z.string(),
  id_tramo: z.string(),
  id_circular: z.string(),
  circular_fecha: z.string(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string(),
  nave: z.string(),
  procedure_id: z.number(),
  procedure_code: z.string(),
  revision_id: z.number(),
  revision: z.number(),
  process: z.number(),
  welded_at: z.string(),
  state: z.enum(SEAM_STATES),
  /** False when an operator had no valid qualification for the process that day (the plant flags it). */
  qualified: z.boolean(),
  operators: z.array(
    z.object({
      user_id: z.number().nullable(),
      name: z.string(),
      qualification_id: z.number().nullable(),
      certificate_number: z.string().nullable(),
      qualified: z.boolean(),
    }),
  ),
  lots: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(LOT_KINDS),
      lot_number: z.string(),
      maker: z.string(),
      classification: z.string(),
      blocked: z.boolean(),
    }),
  ),
  inspections: z.array(inspection),
  /**
   * Marked out of procedure by its weld telemetry and not yet accepted by a decision: never 'aceptada'
   * until one is recorded (docs/decisions/092-seam-hold-in-the-weld-records.md).
   */
  held_for_decision: z.boolean(),
});
export type Seam = z.infer<typeof seam>;
export const seamSaved = z.object({ seam, message: z.string() });
/** An inspection's (or re-inspection's) answer: also its id and its defects' ids in the body's order (a queued repair names one). */
export const inspectionSaved = seamSaved.extend({ inspection_id: z.number(), defect_ids: z.array(z.number()) });
export type InspectionSaved = z.infer<typeof inspectionSaved>;
/** A repair's answer: also its id (a queued re-inspection names it). */
export const repairSaved = seamSaved.extend({ repair_id: z.number() });
export type RepairSaved = z.infer<typeof repairSaved>;

// ---- Recalls: one query each, with its CSV ----

export const recallQuery = z.object({
  limit: z.coerce
    .number({ error: m.numberInvalid })
    .int(m.numberInvalid)
    .min(1, m.numberInvalid)
    .max(RECALL_PAGE_MAX, m.numberInvalid)
    .optional(),
  offset: z.coerce.number({ error: m.numberInvalid }).int(m.numberInvalid).min(0, m.numberInvalid).optional(),
});
/** What every list of seams shows of a seam's circular: its ids and date and its arco's name. */
export const seamCircular = {
  tramo_id: z.number(),
  id_proyecto: z.string(),
  id_tramo: z.string(),
  id_circular: z.string(),
  circular_fecha: z.string(),
  arco_sumergido_name: z.string(),
};
export const recallSeam = z.object({
  ...seamCircular,
  procedure_code: z.string(),
  revision: z.number(),
  operators: z.string(),
  lots: z.string(),
  state: z.enum(SEAM_STATES),
  qualified: z.boolean(),
});
export type RecallSeam = z.infer<typeof recallSeam>;
export const recallResponse = z.object({ total: z.number(), seams: z.array(recallSeam) });
export type RecallResponse = z.infer<typeof recallResponse>;

// ---- Figures ----

const monthSchema = z.string({ error: m.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: m.monthInvalid });

/** GET /api/welds/figures/repair-rate and /first-pass-yield: seams welded in the inclusive months [from, to]. */
export const figuresQuery = z
  .object({ by: z.enum(REPAIR_RATE_GROUPS, { error: m.groupInvalid }).default('month'), from: monthSchema, to: monthSchema })
  .refine((q) => q.from <= q.to, { error: m.monthInvalid });

export const repairRateRow = z.object({
  key: z.string(),
  label: z.string(),
  inspected_seams: z.number(),
  repaired_seams: z.number(),
  inspected_length_mm: z.number(),
  repaired_length_mm: z.number(),
  /** repaired_length_mm ÷ inspected_length_mm (0 with nothing inspected). */
  length_rate: z.number(),
  /** repaired_seams ÷ inspected_seams. */
  seam_rate: z.number(),
});
export const repairRateResponse = z.object({ rows: z.array(repairRateRow) });
export type RepairRateResponse = z.infer<typeof repairRateResponse>;

export const firstPassRow = z.object({ shift: z.string(), inspected_seams: z.number(), first_pass_seams: z.number(), yield: z.number() });
export const firstPassResponse = z.object({ rows: z.array(firstPassRow) });
export type FirstPassResponse = z.infer<typeof firstPassResponse>;

/** GET /api/welds/figures/defect-types: the Pareto of the defects found on the seams welded in the months, most frequent first. */
export const defectParetoRow = z.object({
  code: z.string(),
  name: z.string(),
  defects: z.number(),
  length_mm: z.number(),
  /** defects ÷ every defect of the months. */
  share: z.number(),
  /** This row's share plus every row's above it. */
  cumulative_share: z.number(),
});
export const defectParetoResponse = z.object({ total: z.number(), rows: z.array(defectParetoRow) });
export type DefectParetoResponse = z.infer<typeof defectParetoResponse>;

// ---- The Calidad capability and the plant's setting ----

const naveList = z
  .array(z.string({ error: m.naveUnknown }).trim().min(1, m.naveUnknown), { error: m.naveUnknown })
  .max(100, m.naveUnknown)
  .refine((list) => new Set(list).size === list.length, { error: m.naveRepeated });
/** GET/PUT /api/admin/users/:id/weld-roles: the naves (by name) where the user is Calidad. */
export const weldRolesBody = z.object({ calidad: naveList });
export const weldRoles = z.object({ user_id: z.number(), calidad: z.array(z.string()) });
export type WeldRoles = z.infer<typeof weldRoles>;
export const weldRolesSaved = z.object({ roles: weldRoles, message: z.string() });

/** GET/PUT /api/admin/welds/settings. */
export const weldSettings = z.object({
  qualification_mode: z.enum(QUALIFICATION_MODES, { error: m.modeInvalid }),
  /** The plant's name heading the weld dossier; left out, it stays as it was (docs/decisions/075-weld-dossier.md). */
  plant_name: z.string({ error: dossierMessages.plantNameTooLong }).trim().max(PLANT_NAME_MAX, dossierMessages.plantNameTooLong).optional(),
});
export type WeldSettings = z.infer<typeof weldSettings>;
export const weldSettingsSaved = z.object({ settings: weldSettings, message: z.string() });
