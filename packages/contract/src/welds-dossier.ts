import { z } from 'zod';

/**
 * The weld dossier of a tramo or a project (PDF and CSV) and the consumable lots' 3.1 certificates
 * (docs/decisions/075-weld-dossier.md, 076-lot-certificates.md): their queries, limits and Spanish texts.
 */

/** The largest 3.1 certificate accepted (the upload parser's own limit, plugins/uploads.ts). */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
/** What a 3.1 certificate may be: a PDF or a scanned page (JPEG or PNG), recognised by its content. */
export const CERTIFICATE_TYPES = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;
export type CertificateKind = keyof typeof CERTIFICATE_TYPES;
/** The file picker's accept list (the server checks the content whatever the name says). */
export const CERTIFICATE_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
/** The plant's name, as the dossier's heading shows it. */
export const PLANT_NAME_MAX = 120;

export const dossierMessages = {
  projectRequired: 'Indica el ID de proyecto del dossier.',
  idTooLong: 'El identificador no puede superar los 100 caracteres.',
  tramoNotFound: 'No hay circulares de ese tramo en ese proyecto.',
  projectNotFound: 'No hay circulares de ese proyecto.',
  plantNameTooLong: `El nombre de la planta no puede superar los ${PLANT_NAME_MAX} caracteres.`,
  // The document.
  title: 'Dossier de soldadura',
  plantUnnamed: 'Planta sin nombre',
  project: 'Proyecto',
  tramo: 'Tramo',
  allTramos: 'Todos los tramos',
  generatedOn: 'Generado el',
  page: (n: number, total: number) => `Página ${n} de ${total}`,
  summary: 'Resumen',
  circulares: 'Circulares',
  withRecord: 'Con registro de soldadura',
  withoutRecord: 'Sin registro de soldadura',
  accepted: 'Aceptadas',
  toRepair: 'Pendientes de reparación',
  pending: 'Pendientes de inspección',
  flagged: 'Con un operario sin cualificación válida ese día',
  inspections: 'Inspecciones',
  defects: 'Defectos',
  repairs: 'Reparaciones',
  inspectedLength: 'Longitud inspeccionada',
  repairedLength: 'Longitud reparada',
  procedures: 'Procedimientos (WPS)',
  operators: 'Operarios',
  lots: 'Lotes de consumible',
  circular: 'Circular',
  date: 'Fecha',
  arco: 'Arco',
  nave: 'Nave',
  state: 'Estado',
  procedure: 'Procedimiento',
  revision: 'rev.',
  process: 'proceso',
  validFrom: 'en vigor desde el',
  noRecord: 'Sin registro de soldadura: no consta procedimiento, operarios ni lotes.',
  noInspections: 'Sin inspecciones.',
  qualifiedThatDay: 'cualificación válida ese día',
  notQualifiedThatDay: 'SIN cualificación válida ese día',
  expires: 'caduca el',
  inspection: 'Inspección',
  reinspection: 'Reinspección de la reparación',
  by: 'por',
  on: 'el',
  of: 'de',
  at: 'a',
  defect: 'Defecto',
  level: 'nivel',
  repair: 'Reparación',
  noRepair: 'sin reparación',
  photo: 'Foto',
  photoMissing: 'Foto no disponible',
  noPhoto: 'Sin foto',
  none: 'Ninguno',
  /** Header of the dossier's CSV: one row per finding (a defect, or an inspection without one, or a circular without inspections). */
  csvColumns: [
    'ID de proyecto',
    'ID de tramo',
    'ID de circular',
    'Fecha de la circular',
    'Arco sumergido',
    'Nave',
    'Estado',
    'Procedimiento',
    'Revisión',
    'Proceso (ISO 4063)',
    'Operarios',
    'Lotes de alambre',
    'Lotes de fundente',
    'Inspección',
    'Reinspección del defecto',
    'Extensión (%)',
    'Longitud inspeccionada (mm)',
    'Fecha de inspección',
    'Inspector',
    'Resultado',
    'Defecto (ISO 6520-1)',
    'Nombre del defecto',
    'Posición (mm)',
    'Longitud (mm)',
    'Nivel (ISO 5817)',
    'Reparación: procedimiento',
    'Reparación: operario',
    'Reparación: fecha',
    'Reparación: cualificación válida',
    'Foto',
  ],
  // The lots' certificates.
  certificateMissing: 'Adjunta el archivo del certificado 3.1.',
  certificateTooLarge: 'El certificado no puede superar los 10 MB.',
  certificateType: 'El certificado debe ser un PDF o una imagen JPEG o PNG.',
  certificateNotFound: 'El lote no tiene certificado 3.1 adjunto.',
  certificateSaved: 'Certificado 3.1 adjuntado.',
} as const;

/** The screens' texts: the dossier's downloads on the tramo's detail, the certificates on the lots screen. */
export const dossierScreenMessages = {
  section: 'Dossier de soldadura',
  help: 'Todas las circulares del tramo con su procedimiento, operarios, lotes, inspecciones y reparaciones.',
  downloadPdf: 'Descargar dossier (PDF)',
  downloadCsv: 'Descargar dossier (CSV)',
  downloading: 'Descargando...',
  downloaded: (name: string) => `¡Dossier descargado! (${name})`,
  downloadFailed: 'Ocurrió un error al descargar el dossier.',
  network: 'No se pudo contactar con el servidor. Inténtalo de nuevo.',
  certificate: 'Certificado 3.1',
  noCertificate: 'Sin certificado',
  attach: 'Adjuntar certificado 3.1',
  replace: 'Sustituir certificado 3.1',
  attaching: 'Adjuntando...',
  downloadCertificate: 'Descargar certificado',
  certificateFailed: 'Ocurrió un error al guardar el certificado.',
  certificateDownloadFailed: 'Ocurrió un error al descargar el certificado.',
  fileHelp: 'PDF, JPEG o PNG de hasta 10 MB.',
  file: 'Archivo del certificado 3.1',
} as const;

/** The names of the plant's name and the certificate's fields in the history (audit.ts spreads them into its list). */
export const dossierAuditFields: Record<string, string> = {
  plant_name: 'Nombre de la planta',
  certificate_name: 'Certificado 3.1',
  certificate_type: 'Tipo de archivo',
  certificate_size: 'Tamaño (bytes)',
};

const id = (required: string) => z.string({ error: required }).trim().min(1, required).max(100, dossierMessages.idTooLong);

/** GET /api/welds/dossier.pdf and .csv: a tramo of a project, or the whole project without id_tramo. */
export const dossierQuery = z.object({
  id_proyecto: id(dossierMessages.projectRequired),
  id_tramo: id(dossierMessages.tramoNotFound).optional(),
});
export type DossierQuery = z.infer<typeof dossierQuery>;

/** A lot's certificate as the lots list shows it. */
export const lotCertificate = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number(),
  uploaded_at: z.string(),
});
export type LotCertificate = z.infer<typeof lotCertificate>;
