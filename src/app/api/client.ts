/**
 * The tab side of the API client (spec 7 and 8): the shared client core with this tab's
 * handlers. Errors toast for ERROR_TOAST_MS through the hub store's toasts; a 401 clears the
 * session and goes to login (unauthorized.ts); the request language is the stored one and
 * formPage the page in view; whether the server answered is what the tab shows as online or
 * offline (pwa/connectivity.ts). The hub makes the calls every tab shares (polling, config,
 * symbols); a tab calls for what only it shows (a form, a list on its screen).
 */
import type { z } from 'zod';
import type { CallBody, CallData, CallDefinition, CallQuery } from '../../shared/api/call';
import { ApiClient, type RequestOptions } from '../../shared/client/client';
import { readStoredLanguage } from '../i18n/storedLanguage';
import { noteServerAnswered } from '../pwa/connectivity';
import { showToast } from '../state/hub-store';
import { onUnauthorized } from './unauthorized';

export const api = new ApiClient({
  handlers: {
    toast: showToast,
    onUnauthorized,
    language: readStoredLanguage,
    currentPath: () => window.location.pathname,
    serverAnswered: noteServerAnswered,
  },
});

export interface CallInput<C> {
  body?: CallBody<C>;
  query?: CallQuery<C>;
}

type CallOptions = Omit<RequestOptions, 'body' | 'query'>;

/**
 * Makes a call of the contract and checks its answer against the call's data schema. Resolves
 * false where the client core does (a 5xx on the success path, 502/504); rejects with an
 * ApiError on a refusal.
 */
export async function callApi<C extends CallDefinition<z.ZodType, z.ZodType, z.ZodType>>(
  definition: C,
  input: CallInput<C> = {},
  options: CallOptions = {},
): Promise<CallData<C> | false> {
  const data = await api.request<unknown>(definition.method, definition.path, {
    ...options,
    body: input.body as Record<string, unknown> | undefined,
    query: input.query as RequestOptions['query'],
  });
  if (data === false) return false;
  return definition.data.parse(data) as CallData<C>;
}
