import { z } from 'zod';
// Sets zod's Spanish messages and its eval-free parsers before any of these schemas parses.
import './common';

export const dashboardMessages = {
  periodInvalid: "El periodo de las estadísticas no es válido: solo se admite 'monthly'.",
  loading: 'Cargando estadísticas...',
  // Access texts shown by the statistics panel itself.
  noToken: 'No se ha encontrado el token de autenticación. Por favor, inicia sesión de nuevo.',
  invalidToken: 'Token inválido o expirado. Por favor, inicia sesión de nuevo.',
  adminOnly: 'Acceso denegado. No tienes permisos de administrador.',
  // Client fallbacks (English in the original product, kept as written).
  statsFallback: 'Failed to fetch stats',
  tramosStatsFallback: 'Failed to fetch tramos stats',
  kaiserStatsFallback: 'Failed to fetch kaiser stops stats',
  topTramosFallback: 'Failed to fetch top users by tramos',
  topKaiserFallback: 'Failed to fetch top users by kaiser stops',
  network: 'An error occurred while fetching dashboard data.',
} as const;

/** Titles and labels of the statistics panel (the product names the figures, not their captions). */
export const dashboardLabels = {
  title: 'Dashboard Admin',
  totalUsers: 'Usuarios',
  totalTramos: 'Tramos',
  totalKaiserStops: 'Paradas Kaiser',
  totalWallPosts: 'Publicaciones',
  totalComments: 'Comentarios',
  tramosChart: 'Tramos por mes',
  tramosChartDescription: 'Gráfico de líneas con el número de tramos registrados en cada uno de los últimos 12 meses.',
  kaiserChart: 'Paradas Kaiser por mes',
  kaiserChartDescription:
    'Gráfico de líneas con el número de paradas Kaiser y su duración total en minutos en cada uno de los últimos 12 meses.',
  topTramosChart: 'Top 5 usuarios por tramos',
  topTramosChartDescription: 'Gráfico de barras con los cinco usuarios que más tramos han registrado.',
  topKaiserChart: 'Top 5 usuarios por paradas Kaiser',
  topKaiserChartDescription: 'Gráfico de barras con los cinco usuarios que más paradas Kaiser han registrado.',
  month: 'Mes',
  user: 'Usuario',
  tramoCount: 'Tramos',
  kaiserCount: 'Paradas',
  totalDuration: 'Duración total (min)',
  noData: 'Sin datos todavía.',
  diskLowTitle: 'Queda poco espacio en el disco del servidor',
  diskLow: (free: string, threshold: string) =>
    `Quedan ${free} libres (aviso por debajo de ${threshold}). Sin espacio no se guardan fotos, registros ni copias de seguridad: libera espacio o amplía el disco.`,
} as const;

/** Number of factory-local months in the monthly series, the current one included. */
export const STATS_MONTHS = 12;
/** Length of the top-user lists. */
export const TOP_USERS = 5;

export const DASHBOARD_PERIODS = ['monthly'] as const;

/** `?period=monthly`; absent means monthly, the only period the panel knows. */
export const periodQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: dashboardMessages.periodInvalid }).default('monthly'),
});
export type PeriodQuery = z.input<typeof periodQuery>;

export const dashboardStats = z.object({
  totalUsers: z.number(),
  totalTramos: z.number(),
  totalKaiserStops: z.number(),
  totalWallPosts: z.number(),
  totalComments: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

/** Free space of the server's data folder, and whether it is under the warning threshold (DISK_WARN_MB). */
export const diskStatus = z.object({ freeBytes: z.number(), totalBytes: z.number(), warnBelowBytes: z.number(), low: z.boolean() });
export type DiskStatus = z.infer<typeof diskStatus>;

/** One factory-local month 'YYYY-MM' of circulares. */
export const tramosMonth = z.object({ date: z.string(), count: z.number() });
export type TramosMonth = z.infer<typeof tramosMonth>;

/** One factory-local month of Kaiser stops; total_duration sums the minutes of finished stops. */
export const kaiserStopsMonth = z.object({ date: z.string(), count: z.number(), total_duration: z.number() });
export type KaiserStopsMonth = z.infer<typeof kaiserStopsMonth>;

export const topUserByTramos = z.object({ name: z.string(), tramo_count: z.number() });
export type TopUserByTramos = z.infer<typeof topUserByTramos>;

export const topUserByKaiserStops = z.object({ name: z.string(), kaiser_stop_count: z.number() });
export type TopUserByKaiserStops = z.infer<typeof topUserByKaiserStops>;
