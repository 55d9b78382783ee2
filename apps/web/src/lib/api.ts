import { ERROR_CODE_HEADER, type ErrorCode } from '@portal/contract/error-codes';
import { connection } from './online';
import { takePrefetched } from './prefetch';
import { noteServerDate } from './server-clock';
import { getToken, removeToken } from './token';

/** The API host: VITE_API_URL when set at build time, else the page's own origin. */
export const API_URL = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

export const apiUrl = (path: string) => `${API_URL}${path}`;

/** Public URL of a stored image path ('/uploads/...'), always from the API host. */
export function imageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|blob:|data:)/.test(path)) return path;
  return apiUrl(path.startsWith('/') ? path : `/uploads/${path}`);
}

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the request never got an answer (network or parse failure). */
    readonly status: number,
    /** The server's Spanish message, when it sent one. */
    readonly serverMessage: string | undefined,
    /** The answer's stable code (contract/error-codes.ts), for control flow: never decide on the message's text. */
    readonly code?: ErrorCode,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
  get isNetwork() {
    return this.status === 0;
  }
}

let routerSessionEnd: () => void = () => {
  window.location.assign('/login');
};
/** Screens that end a session their own way while they are shown, the latest first. */
const screenSessionEnds: (() => void)[] = [];

/** The router registers how to leave for /login when the API ends the session (401/403). */
export function setSessionEndHandler(handler: () => void) {
  routerSessionEnd = handler;
}

/**
 * A screen that ends a session its own way (the station terminal signs that worker out and stays) for
 * as long as it is shown: it wins over the router's handler whichever of the two effects runs last, so
 * a commit that mounts both, or a router effect run again later, cannot send the screen to /login.
 * Answers the function that takes it back.
 */
export function overrideSessionEnd(handler: () => void): () => void {
  screenSessionEnds.push(handler);
  return () => {
    const at = screenSessionEnds.lastIndexOf(handler);
    if (at >= 0) screenSessionEnds.splice(at, 1);
  };
}

/** Ends the session in the browser: the token goes and the user is sent to /login. */
export function endSession() {
  removeToken();
  (screenSessionEnds.at(-1) ?? routerSessionEnd)();
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send the token (default true). */
  auth?: boolean;
  /** On 401/403: remove the token and go to /login (default true when auth is sent). */
  endSessionOnAuthError?: boolean;
  signal?: AbortSignal;
  /** Sent as the `Idempotency-Key` header: a repeat of the request gets the first answer (lib/offline-queue.ts). */
  idempotencyKey?: string;
  /** This token instead of the stored one (the offline queue sends a worker's writes with that worker's token). */
  token?: string;
  /** More headers (a station terminal's device credential). */
  headers?: Record<string, string>;
}

/** The URL api() asks for a path and its query (empty values left out). */
export function requestUrl(path: string, query?: ApiOptions['query']): string {
  const url = apiUrl(path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const endsSession = options.endSessionOnAuthError ?? auth;
  const headers: Record<string, string> = { ...options.headers };
  const token = auth ? (options.token ?? getToken()) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = requestUrl(path, query);
  let res: Response;
  const sentAt = Date.now();
  // The first screen's GET may already be on its way (route-preload script, app/route-preload.ts).
  const prefetched = method === 'GET' && !signal ? takePrefetched(url, token) : undefined;
  try {
    res = await (prefetched ?? fetch(url, { method, headers, body: payload, signal }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    connection.reportNoAnswer();
    throw new ApiError(0, undefined);
  }
  // Whether the server answers is learnt from every request (lib/online.ts).
  connection.reportAnswer(res.status);
  // A prefetched request left earlier, at a moment not known here: only this call's own answers teach the clock.
  if (!prefetched) noteServerDate(res.headers.get('date'), sentAt, Date.now());
  let data: unknown;
  const text = await res.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (res.ok) throw new ApiError(0, undefined);
    }
  }
  if (!res.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    if (endsSession && (res.status === 401 || res.status === 403)) {
      endSession();
    }
    throw new ApiError(
      res.status,
      typeof message === 'string' ? message : undefined,
      (res.headers.get(ERROR_CODE_HEADER) ?? undefined) as ErrorCode | undefined,
    );
  }
  return data as T;
}

/** The connection's probe (lib/online.ts): whether `/api/health` answers 2xx, never from a cache. */
export async function pingServer(signal: AbortSignal): Promise<boolean> {
  const res = await fetch(apiUrl('/api/health'), { cache: 'no-store', signal });
  return res.ok;
}

/** The text to show for a failed call: the server's message, else the fallback, else the network text. */
export function errorText(error: unknown, fallback: string, networkFallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return networkFallback;
    return error.serverMessage ?? fallback;
  }
  return networkFallback;
}
