/**
 * A small GET for the first page of the app, following the envelope of spec 8 and DESIGN.md:
 * HTTP 200 {errcode: 0, data} is a success; any other errcode or HTTP status is an error that
 * carries the server's (translated) errmsg. The full client core with toasts, 401 redirects and
 * form posts comes with the hub; this helper only serves plain reads.
 */
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import type { Language } from '../../shared/languages';

export const API_BASE_PATH = '/api/v1';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly errcode: number | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope {
  errcode?: number;
  errmsg?: string;
  data?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null;
}

export async function getJson(path: string, options: { language: Language; signal?: AbortSignal }): Promise<unknown> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(`${API_BASE_PATH}${path}`, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': options.language },
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  const body: unknown = await response.json().catch(() => undefined);
  const envelope = isEnvelope(body) ? body : {};
  if (!response.ok || (envelope.errcode !== undefined && envelope.errcode !== 0)) {
    const message = envelope.errmsg || `HTTP ${response.status}`;
    throw new ApiError(message, response.status, envelope.errcode);
  }
  return envelope.data;
}
