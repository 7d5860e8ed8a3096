/**
 * Sends a verification code for the register and reset forms (POST /vcode/{type}): the contact
 * is checked first, and a refusal (a bad address, a code asked for too soon) is shown on the
 * form instead of a toast, where the user is looking.
 */
import { SEND_CODE_CALLS } from '../../../shared/api/account';
import { callApi } from '../../api/client';
import { contactBody, contactProblem, type ContactValue } from './formRules';
import type { AccountForm } from './useAccountForm';

/** Resolves the seconds until another code may be sent, or null when none went out. */
export async function sendCodeFor(purpose: keyof typeof SEND_CODE_CALLS, contact: ContactValue, form: AccountForm): Promise<number | null> {
  const problem = contactProblem(contact);
  if (problem) {
    form.showProblems({ contact: problem });
    return null;
  }
  form.clearError('code');
  form.setFormError(null);
  return form.attempt(
    () => callApi(SEND_CODE_CALLS[purpose], { body: contactBody(contact) }, { silentAll: true }),
    (data) => data.resendAfterSeconds,
  );
}
