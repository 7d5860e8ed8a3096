/**
 * The identity calls as the profile screens make them (spec 7, issue 15). Refusals the user must
 * see are toasted by the client (spec 8); what a form shows itself is an invalid-fields answer
 * (silent, HTTP 400), which comes back as its fields. Reads that fail are logged and answer null
 * (the screen says it could not load). The uploads are multipart: spec 7 sends images that way.
 */
import {
  avatarUploadCall,
  bankAccountAddCall,
  bankAccountDeleteCall,
  bankAccountListCall,
  identityDetailCall,
  identitySubmitCall,
  recentSignInsCall,
  type IdentityDetail,
  type IdentityFields,
  type IdentityImageSide,
  type PaymentAccount,
} from '../../../shared/api/identity';
import { ApiError } from '../../../shared/client/client';
import { api, callApi } from '../../api/client';

/** What a form's call came to: done, refused with field messages to show, or nothing to add (toasted, or no answer). */
export type FormOutcome<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string> };

async function formCall<T>(send: () => Promise<T | false>): Promise<FormOutcome<T>> {
  try {
    const data = await send();
    return data === false ? { ok: false, fields: {} } : { ok: true, data };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, fields: error.fields ?? {} };
    console.warn('An identity call failed', error);
    return { ok: false, fields: {} };
  }
}

async function read<T>(what: string, load: () => Promise<T | false>): Promise<T | null> {
  try {
    const data = await load();
    return data === false ? null : data;
  } catch (error) {
    console.warn(`Failed to read ${what}`, error);
    return null;
  }
}

export function readIdentityDetail(): Promise<IdentityDetail | null> {
  return read('the identity verification', () => callApi(identityDetailCall, {}, { silentAll: true }));
}

export function submitIdentity(fields: IdentityFields, images: Record<IdentityImageSide, Blob>): Promise<FormOutcome<IdentityDetail>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [side, jpeg] of Object.entries(images)) form.append(side, jpeg, `${side}.jpg`);
  return formCall(async () => {
    const answer = await api.request<unknown>(identitySubmitCall.method, identitySubmitCall.path, { body: form });
    return answer === false ? false : identitySubmitCall.data.parse(answer);
  });
}

export function uploadAvatar(jpeg: Blob): Promise<FormOutcome<{ avatarUrl: string }>> {
  const form = new FormData();
  form.append('image', jpeg, 'avatar.jpg');
  return formCall(async () => {
    const answer = await api.request<unknown>(avatarUploadCall.method, avatarUploadCall.path, { body: form });
    return answer === false ? false : avatarUploadCall.data.parse(answer);
  });
}

export function readBankAccounts(): Promise<PaymentAccount[] | null> {
  return read('the bank accounts', () => callApi(bankAccountListCall, { query: { id: 'bank' } }, { silentAll: true }));
}

export interface BankAccountInput {
  holderName: string;
  bankName: string;
  accountNumber: string;
  branch: string;
}

export function addBankAccount(input: BankAccountInput): Promise<FormOutcome<PaymentAccount>> {
  return formCall(() => callApi(bankAccountAddCall, { body: { kind: 'bank', ...input } }));
}

export async function deleteBankAccount(id: number): Promise<boolean> {
  return (await formCall(() => callApi(bankAccountDeleteCall, { query: { id } }))).ok;
}

export function readRecentSignIns(): Promise<{ time: number; ip: string }[] | null> {
  return read('the recent sign-ins', () => callApi(recentSignInsCall, {}, { silentAll: true }));
}
