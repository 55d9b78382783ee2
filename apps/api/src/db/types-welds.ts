import type {
  AcceptanceLevel,
  InspectionMethod,
  InspectionResult,
  LotKind,
  PassType,
  QualificationMode,
  QualificationStandard,
  RevisionStatus,
  SeamState,
} from '@portal/contract/welds-messages';
import type { Generated } from 'kysely';

// The weld records' tables (migration 2026-11-28T06-welds, docs/decisions/066-weld-records.md), all
// owned by modules/welds. Flags are 0/1 integers on both engines.

export interface WeldCalidadRolesTable {
  user_id: number;
  nave_id: number;
  created_at: string;
}

export interface WeldSettingsTable {
  id: number;
  qualification_mode: QualificationMode;
  /** The plant's name the weld dossier is headed with (null: not set). */
  plant_name: string | null;
  updated_at: string;
}

export interface WeldProceduresTable {
  id: Generated<number>;
  code: string;
  /** Factory date from which no seam may use it; null while in use. */
  retired_from: string | null;
  created_at: string;
}

export interface WeldRevisionsTable {
  id: Generated<number>;
  procedure_id: number;
  revision: number;
  status: RevisionStatus;
  /** Factory date from which an approved revision is the one seams are welded to. */
  valid_from: string;
  approved_at: string | null;
  approved_by_name: string | null;
  process: number;
  material_group: string;
  thickness_min_mm: number;
  thickness_max_mm: number;
  wire_classification: string;
  flux_classification: string;
  notes: string | null;
  created_at: string;
}

export interface WeldRevisionPassesTable {
  revision_id: number;
  pass_type: PassType;
  current_min: number;
  current_max: number;
  voltage_min: number;
  voltage_max: number;
  speed_min: number;
  speed_max: number;
  heat_input_min: number;
  heat_input_max: number;
  preheat_min_c: number;
  interpass_max_c: number;
}

export interface WeldQualificationsTable {
  id: Generated<number>;
  user_id: number | null;
  /** The operator's name when recorded: the record outlives the account. */
  user_name: string;
  standard: QualificationStandard;
  certificate_number: string;
  process: number;
  range_notes: string | null;
  thickness_min_mm: number | null;
  thickness_max_mm: number | null;
  issued_on: string;
  expires_on: string;
  created_at: string;
}

export interface WeldQualificationConfirmationsTable {
  id: Generated<number>;
  qualification_id: number;
  confirmed_on: string;
  confirmed_by_name: string | null;
  created_at: string;
}

export interface WeldLotsTable {
  id: Generated<number>;
  kind: LotKind;
  classification: string;
  maker: string;
  lot_number: string;
  received_on: string;
  /** The 3.1 certificate's object store key ('certificates/<uuid>.<ext>'), with its original name, type, size and when attached. */
  certificate_path: string | null;
  certificate_name: string | null;
  certificate_type: string | null;
  certificate_size: number | null;
  certificate_attached_at: string | null;
  blocked: number;
  blocked_reason: string | null;
  blocked_at: string | null;
  created_at: string;
}

export interface WeldSeamsTable {
  tramo_id: number;
  procedure_id: number;
  revision_id: number;
  arco_sumergido_id: number;
  nave_id: number;
  /** The circular's date when traced, and its 'YYYY-MM' (the figures' month). */
  welded_on: string;
  month: string;
  /** The instant it was welded: its shift. */
  welded_at: string;
  qualified: number;
  state: SeamState;
  /** What the figures add up, kept by every inspection and repair in the same transaction. */
  inspected: Generated<number>;
  inspected_length_mm: Generated<number>;
  repaired: Generated<number>;
  repaired_length_mm: Generated<number>;
  first_pass: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Held for a decision since (a circular marked out of procedure), null when not held (decision 092). */
  held_since: string | null;
  /** The circular's project when the trace was saved, set by trigger (migration 2026-11-29T04). */
  id_proyecto: string | null;
}

export interface WeldSeamOperatorsTable {
  tramo_id: number;
  user_id: number;
  qualification_id: number | null;
  qualified: number;
  /** The seam's month and counters, copied by trigger for the figures per operator (migration 2026-11-29T04). */
  month: string | null;
  inspected: Generated<number>;
  repaired: Generated<number>;
  inspected_length_mm: Generated<number>;
  repaired_length_mm: Generated<number>;
}

export interface WeldSeamLotsTable {
  tramo_id: number;
  lot_id: number;
}

export interface WeldInspectionsTable {
  id: Generated<number>;
  tramo_id: number;
  repair_id: number | null;
  method: InspectionMethod;
  extent_percent: number;
  inspected_length_mm: number;
  result: InspectionResult;
  inspected_on: string;
  inspector_id: number | null;
  inspector_name: string;
  created_at: string;
}

export interface WeldDefectsTable {
  id: Generated<number>;
  inspection_id: number;
  tramo_id: number;
  code: string;
  position_mm: number;
  length_mm: number;
  level: AcceptanceLevel;
  created_at: string;
}

export interface WeldRepairsTable {
  id: Generated<number>;
  defect_id: number;
  tramo_id: number;
  procedure_id: number;
  revision_id: number;
  operator_id: number | null;
  operator_name: string;
  qualification_id: number | null;
  qualified: number;
  repaired_on: string;
  created_at: string;
}

export interface WeldTables {
  weld_calidad_roles: WeldCalidadRolesTable;
  weld_settings: WeldSettingsTable;
  weld_procedures: WeldProceduresTable;
  weld_revisions: WeldRevisionsTable;
  weld_revision_passes: WeldRevisionPassesTable;
  weld_qualifications: WeldQualificationsTable;
  weld_qualification_confirmations: WeldQualificationConfirmationsTable;
  weld_lots: WeldLotsTable;
  weld_seams: WeldSeamsTable;
  weld_seam_operators: WeldSeamOperatorsTable;
  weld_seam_lots: WeldSeamLotsTable;
  weld_inspections: WeldInspectionsTable;
  weld_defects: WeldDefectsTable;
  weld_repairs: WeldRepairsTable;
}
