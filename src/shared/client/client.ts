/**
 * The DOM-free API client core (spec sections 7 and 8, ARCHITECTURE.md "The contract"). The hub and
 * the tabs share it; what a page must do on an outcome (toast, redirect to login) comes in as
 * handlers. It owns: the base path, the 30 s timeout, credentials, Accept-Language, the formPage
 * parameter, form encoding, the CSRF header, and every branch of the error catalogue.
 */
import type { AnyCall, CallData, CallInput } from '../api/call';
import { ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '../constants';
import { DEFAULT_REQUEST_LANGUAGE } from '../languages';
import { SILENT_ERRCODES } from '../errcodes';

export const API_BASE_PATH = '/api/v1/';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

export interface ClientHandlers {
  /** Shows an error to the user for `durationMs` (spec 8: 5000 ms). */
  toast(message: string, durationMs: number): void;
  /** A 401: clear the stored session and redirect to login unless the page is exempt. */
  onUnauthorized(): void;
  /** The stored language; the request header falls back to en (spec 1, 7). */
  language(): string | null | undefined;
  /** The path of the page being viewed, for formPage (spec 7). */
  currentPath(): string;
  /**
   * Told after every request whether the server answered (any HTTP status) or not (no
   * response, or none within the timeout), and when the request was sent: what the app shows as
   * online or offline rests on this, not on navigator.onLine alone.
   */
  serverAnswered?(answered: boolean, sentAt: number): void;
}

export interface ClientOptions {
  handlers: ClientHandlers;
  /** The fetch to use (tests and workers pass their own). */
  fetch?: typeof fetch;
  /** Origin to resolve the base path against, where there is no document (a worker, a test). */
  origin?: string;
  timeoutMs?: number;
}

/** A refusal the caller gets: `code` is the errcode (or HTTP status), `silent` when nothing was shown. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly silent: boolean,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** A form-encoded object (default), a FormData upload (chat and help-desk images), or JSON. */
  body?: Record<string, unknown> | FormData;
  json?: boolean;
  query?: Record<string, string | number | boolean | undefined>;
  /** Idempotency key of a money call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Errcodes this caller handles itself, rejected without a toast (e.g. 3 on notice calls). */
  silentErrcodes?: readonly number[];
  /** Show nothing for any errcode (spec 8: the blockchain coin-address call). */
  silentAll?: boolean;
}

/** A call's options besides what it sends: its signal, idempotency key and silences. */
export type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

/**
 * The errors the client rejected with because no answer came: the request failed at the network
 * level (offline, the server down, a dead Wi-Fi) or got nothing within the timeout. spec 8 wants
 * such an error passed on unchanged, so it is remembered here rather than wrapped.
 */
const networkFailures = new WeakSet<object>();

/** Whether a client rejected with this error because the server did not answer (isNetworkFailure). */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && networkFailures.has(error);
}

/** spec 7: formPage holds the current path without slashes. */
export function formPageOf(path: string): string {
  return (path.split(/[?#]/)[0] ?? '').replace(/\//g, '');
}

/** Form encoding: nested values are sent as JSON text, absent ones are left out. */
export function encodeForm(body: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, String(item));
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

/** Calls whose errcode 3 means "gone" and is handled by the caller (spec 8: notice calls). */
function isNoticeCall(path: string): boolean {
  return /^\/?notice(\?|$)/.test(path);
}

export class ApiClient {
  private csrfToken: string | null = null;
  private csrfRequest: Promise<string> | null = null;
  private readonly fetchFunction: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: ClientOptions) {
    this.fetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  /** Forgets the CSRF token: after sign-in and sign-out the session, and so the token, changes. */
  resetCsrf(token: string | null = null): void {
    this.csrfToken = token;
  }

  get<T>(path: string, options: RequestOptions = {}): Promise<T | false> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, options: RequestOptions = {}): Promise<T | false> {
    return this.request<T>('POST', path, options);
  }

  /**
   * Makes a call of the contract and checks its answer against the call's data schema: the one
   * typed read of the hub and of the tabs. Resolves false where `request` does (a 5xx on the
   * success path, 502 or 504); rejects with an ApiError on a refusal.
   */
  async call<C extends AnyCall>(definition: C, input: CallInput<C> = {}, options: CallOptions = {}): Promise<CallData<C> | false> {
    const data = await this.request<unknown>(definition.method, definition.path, {
      ...options,
      body: input.body as RequestOptions['body'],
      query: input.query as RequestOptions['query'],
    });
    if (data === false) return false;
    return definition.data.parse(data) as CallData<C>;
  }

  async request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T | false> {
    const response = await this.send(method, path, options, true);
    return this.interpret<T>(path, response, options);
  }

  private url(path: string, query: RequestOptions['query']): string {
    const [pathname = '', search = ''] = path.replace(/^\//, '').split('?');
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
    params.set('formPage', formPageOf(this.options.handlers.currentPath()));
    const relative = `${API_BASE_PATH}${pathname}?${params.toString()}`;
    return this.options.origin ? new URL(relative, this.options.origin).toString() : relative;
  }

  private async csrf(): Promise<string> {
    if (this.csrfToken) return this.csrfToken;
    this.csrfRequest ??= this.send('POST', 'csrftoken', {}, false)
      .then(async (response) => {
        const body = (await response.json()) as { data?: { token?: string } };
        if (!body.data?.token) throw new ApiError(response.status, 'no CSRF token', response.status, true);
        this.csrfToken = body.data.token;
        return body.data.token;
      })
      .finally(() => {
        this.csrfRequest = null;
      });
    return this.csrfRequest;
  }

  private async send(method: 'GET' | 'POST', path: string, options: RequestOptions, withCsrf: boolean): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': this.options.handlers.language() || DEFAULT_REQUEST_LANGUAGE,
    };
    let body: BodyInit | undefined;
    if (method === 'POST') {
      if (options.body instanceof FormData) {
        body = options.body;
      } else if (options.json || options.body === undefined) {
        // spec 7: a POST with no body sends an empty object.
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body ?? {});
      } else {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        body = encodeForm(options.body);
      }
      if (withCsrf) headers[CSRF_HEADER] = await this.csrf();
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const sentAt = Date.now();
    let response: Response;
    try {
      response = await this.fetchFunction(this.url(path, options.query), { method, headers, body, credentials: 'include', signal });
    } catch (error) {
      // The caller's own abort is not the network's doing.
      if (!options.signal?.aborted) {
        if (typeof error === 'object' && error !== null) networkFailures.add(error);
        this.options.handlers.serverAnswered?.(false, sentAt);
      }
      throw error;
    }
    this.options.handlers.serverAnswered?.(true, sentAt);
    // A stale CSRF token (the session changed in another tab): fetch a new one and retry once.
    if (withCsrf && response.status === 403) {
      const peek = (await response.clone().json().catch(() => null)) as { errcode?: number } | null;
      if (peek?.errcode === 7) {
        this.csrfToken = null;
        return this.send(method, path, options, true);
      }
    }
    return response;
  }

  /** The error catalogue of spec section 8, branch by branch. */
  private async interpret<T>(path: string, response: Response, options: RequestOptions): Promise<T | false> {
    const { toast, onUnauthorized } = this.options.handlers;
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const errcode = typeof body?.errcode === 'number' ? body.errcode : undefined;
    const errmsg = typeof body?.errmsg === 'string' && body.errmsg ? body.errmsg : undefined;
    const status = response.status;
    if (status === 401) {
      onUnauthorized();
      throw new ApiError(401, errmsg ?? 'Unauthorized', status, true);
    }
    if (status === 400) {
      throw new ApiError(errcode ?? 400, errmsg ?? 'Bad request', status, true, body?.fields as Record<string, string> | undefined);
    }
    if (status === 502 || status === 504) return false;
    if (status === 500) {
      if (errmsg && !options.silentAll) toast(errmsg, ERROR_TOAST_MS);
      throw new ApiError(errcode ?? 500, errmsg ?? 'Error', status, !errmsg);
    }
    if (status > 500) return false;
    if (status < 200 || status >= 300) {
      const message = errmsg ?? `Request failed with status code ${status}`;
      if (!options.silentAll) toast(message, ERROR_TOAST_MS);
      throw new ApiError(errcode ?? status, message, status, Boolean(options.silentAll));
    }
    if (body === null) return false;
    if ((errcode === 0 || errcode === undefined) && 'data' in body) {
      return (Object.keys(body).length > 2 ? body : body.data) as T;
    }
    if (errcode === 0 || errcode === undefined) return body as T;
    const silent =
      options.silentAll ||
      SILENT_ERRCODES.includes(errcode) ||
      (errcode === 3 && isNoticeCall(path)) ||
      (options.silentErrcodes ?? []).includes(errcode);
    if (!silent) toast(errmsg ?? 'Error', ERROR_TOAST_MS);
    throw new ApiError(errcode, errmsg ?? 'Error', status, silent);
  }
}
