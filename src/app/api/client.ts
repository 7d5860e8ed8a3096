/**
 * The tab side of the API client (spec 7 and 8): the shared client core with this tab's
 * handlers. Errors toast for ERROR_TOAST_MS through the hub store's toasts; a 401 clears the
 * session and goes to login (unauthorized.ts); the request language is the stored one and
 * formPage the page in view; whether the server answered is what the tab shows as online or
 * offline (pwa/connectivity.ts). The hub makes the calls every tab shares (polling, config,
 * symbols); a tab calls for what only it shows (a form, a list on its screen).
 */
import type { AnyCall, CallData, CallInput } from '../../shared/api/call';
import { ApiClient, type CallOptions } from '../../shared/client/client';
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

/**
 * Makes a call of the contract through the tab's client and checks its answer against the call's
 * data schema (ApiClient.call, the same typed read the hub uses).
 */
export function callApi<C extends AnyCall>(definition: C, input: CallInput<C> = {}, options: CallOptions = {}): Promise<CallData<C> | false> {
  return api.call(definition, input, options);
}
