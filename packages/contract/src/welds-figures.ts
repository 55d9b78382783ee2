import { z } from 'zod';
import { weldMessages as m, REPAIR_RATE_GROUPS, type RepairRateGroup } from './welds-messages';

// The recall ('Trazabilidad') and figures ('Indicadores de soldadura') screens (decision 087): their
// texts and forms, apart from welds-messages.ts so that the worker's screens never download them.

/** The three recalls a quality manager runs on screen (decision 087). */
export const RECALL_KINDS = ['lot', 'qualification', 'revision'] as const;
export type RecallKind = (typeof RECALL_KINDS)[number];
/** The rows of one page of a recall on screen (the API gives up to RECALL_PAGE_MAX). */
export const RECALL_SCREEN_PAGE = 50;

/** The recall ('Trazabilidad') and figures ('Indicadores de soldadura') screens' texts (decision 087). */
export const weldFiguresMessages = {
  recallTitle: 'Trazabilidad',
  recallHelp:
    'Elige qué quieres rastrear: las circulares de un lote, las de un operario con una cualificación o las de una revisión de un procedimiento.',
  kind: 'Qué quieres saber',
  kindName: {
    lot: 'Qué circulares usaron este lote',
    qualification: 'Qué soldó este operario con esta cualificación',
    revision: 'Qué circulares se hicieron con la revisión N de este procedimiento',
  } as Record<RecallKind, string>,
  target: { lot: 'Lote', qualification: 'Cualificación', revision: 'Procedimiento y revisión' } as Record<RecallKind, string>,
  choose: 'Elige una opción',
  targetRequired: 'Elige el lote, la cualificación o la revisión que quieres rastrear.',
  kindInvalid: 'Elige qué quieres rastrear.',
  lotOption: (lot: string, kind: string, classification: string) => `${lot} (${kind}, ${classification})`,
  qualificationOption: (user: string, certificate: string, standard: string) => `${user}: ${certificate} (${standard})`,
  revisionOption: (code: string, revision: number) => `${code}, revisión ${revision}`,
  search: 'Buscar circulares',
  downloadCsv: 'Descargar CSV',
  downloading: 'Descargando...',
  downloaded: (name: string) => `Descargado ${name}.`,
  downloadFailed: 'Ocurrió un error al descargar el CSV.',
  optionsLoading: 'Cargando opciones...',
  optionsFailed: 'Ocurrió un error al cargar las opciones.',
  loading: 'Cargando circulares...',
  loadFailed: 'Ocurrió un error al cargar las circulares.',
  network: 'No se pudo contactar con el servidor. Inténtalo de nuevo.',
  empty: 'Ninguna circular coincide.',
  total: (n: number) => (n === 1 ? '1 circular' : `${n} circulares`),
  range: (from: number, to: number, total: number) => `Circulares ${from} a ${to} de ${total}`,
  previous: 'Anterior',
  next: 'Siguiente',
  pages: 'Páginas de la lista',
  project: 'Proyecto',
  tramo: 'Tramo',
  circular: 'Circular',
  date: 'Fecha',
  arco: 'Arco',
  procedure: 'Procedimiento',
  operators: 'Operarios',
  lots: 'Lotes',
  state: 'Estado',
  qualified: 'Cualificado',
  figuresTitle: 'Indicadores de soldadura',
  figuresHelp:
    'Tasa de reparación de las circulares inspeccionadas del mes (longitud reparada entre longitud inspeccionada, y circulares reparadas entre inspeccionadas), defectos por tipo y rendimiento a la primera por turno.',
  month: 'Mes',
  year: 'Año',
  group: 'Agrupar por',
  groupName: { arco: 'Arco', operator: 'Operario', procedure: 'Procedimiento', project: 'Proyecto', month: 'Mes' } as Record<
    RepairRateGroup,
    string
  >,
  show: 'Ver indicadores',
  figuresLoading: 'Cargando indicadores...',
  figuresLoadFailed: 'Ocurrió un error al cargar los indicadores.',
  repairRate: 'Tasa de reparación',
  inspectedSeams: 'Circulares inspeccionadas',
  repairedSeams: 'Circulares reparadas',
  inspectedLength: 'Longitud inspeccionada (mm)',
  repairedLength: 'Longitud reparada (mm)',
  lengthRate: 'Tasa por longitud',
  seamRate: 'Tasa por circulares',
  noInspected: 'No hay circulares inspeccionadas en ese mes.',
  pareto: 'Defectos por tipo (Pareto)',
  defectType: 'Tipo de defecto (ISO 6520-1)',
  defects: 'Defectos',
  defectLength: 'Longitud (mm)',
  share: 'Porcentaje',
  cumulative: 'Porcentaje acumulado',
  noDefects: 'No se encontraron defectos en ese mes.',
  firstPass: 'Rendimiento a la primera por turno',
  shift: 'Turno',
  firstPassSeams: 'Aceptadas a la primera',
  yield: 'Rendimiento',
} as const;

/** The recall screen's form: what to trace, and the lot's or qualification's id, or `procedure:revision`. */
export const recallPick = z.object({
  kind: z.enum(RECALL_KINDS, { error: weldFiguresMessages.kindInvalid }),
  target: z.string({ error: weldFiguresMessages.targetRequired }).regex(/^\d+(:\d+)?$/, { error: weldFiguresMessages.targetRequired }),
});
export type RecallPick = z.input<typeof recallPick>;

/** The figures screen's form: a month (its year and number) and the repair rate's grouping. */
export const figuresPick = z.object({
  year: z.string({ error: m.monthInvalid }).regex(/^\d{4}$/, { error: m.monthInvalid }),
  month: z.string({ error: m.monthInvalid }).regex(/^(0[1-9]|1[0-2])$/, { error: m.monthInvalid }),
  by: z.enum(REPAIR_RATE_GROUPS, { error: m.groupInvalid }),
});
export type FiguresPick = z.input<typeof figuresPick>;
