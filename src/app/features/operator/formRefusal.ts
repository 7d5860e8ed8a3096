/** How the console's forms show a failed operator call. */
import { ApiError } from '../../../shared/client/client';

/** What a failed call of an operator form shows: the server's messages by field, and one for the whole form. */
export interface FormRefusal {
  fields: Record<string, string>;
  form: string | null;
}

/**
 * The part of a failed operator call the form itself shows. An invalid-fields answer (HTTP 400)
 * comes back silent, so its field messages are shown here; a refusal was already toasted by the
 * client (nothing more to show); a 401 goes to login; no answer at all is `unreachable`.
 * Shared by the console's forms (PublishingSection, NotifySection, SettingsSection).
 */
export function operatorFormRefusal(error: unknown, unreachable: string): FormRefusal {
  if (!(error instanceof ApiError)) {
    console.warn('An operator call failed', error);
    return { fields: {}, form: unreachable };
  }
  if (error.status === 401 || !error.silent) return { fields: {}, form: null };
  const fields = error.fields ?? {};
  return { fields, form: Object.keys(fields).length === 0 ? error.message : null };
}
