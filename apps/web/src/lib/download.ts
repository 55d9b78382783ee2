import type { exportQuery } from '@portal/contract/planta';
import type { z } from 'zod';
import { ApiError, apiUrl } from './api';
import { getToken } from './token';

/** The file name the server chose (Content-Disposition), else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      // A malformed encoding: try the plain parameter.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header ?? '')?.[1]?.trim() || fallback;
}

/** An export's query as the contract's schema leaves it (the column sets as a list). */
export type ExportParams = z.output<typeof exportQuery>;

/**
 * Downloads a CSV export: the query's column sets go as the comma list the contract reads (none, no
 * parameter); see downloadFile.
 */
export async function downloadCsv(path: string, query: ExportParams, fallbackName: string): Promise<string> {
  const params: Record<string, string | number | undefined | null> = {};
  for (const [k, v] of Object.entries(query)) params[k] = Array.isArray(v) ? v.join(',') : v;
  return downloadFile(path, params, fallbackName);
}

/**
 * Downloads a file the server makes (an export, a PDF, an attached certificate): fetch with the
 * Authorization header (a plain link could not send it), then a Blob saved through an object URL and
 * an <a download>. Empty parameters are left out. Errors come as ApiError; the session is kept on
 * 401/403 (only the message is shown, as on the admin circulares screen). Answers the file's name.
 */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined | null>,
  fallbackName: string,
): Promise<string> {
  const params = new URLSearchParams();
  for (const [k, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(k, String(value));
  const token = getToken();
  const search = params.toString() ? `?${params}` : '';
  let res: Response;
  try {
    res = await fetch(`${apiUrl(path)}${search}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
    throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : undefined);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw new ApiError(0, undefined);
  }
  const name = attachmentName(res.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
