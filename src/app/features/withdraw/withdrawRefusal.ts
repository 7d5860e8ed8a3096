/**
 * Where a refused withdrawal is shown: on the field it is about (the address, the amount, the bank
 * account, the withdrawal password, the GA code) or over the whole form. An invalid-fields answer
 * (HTTP 400) names its inputs; a business refusal is placed by its errcode. Errcode 101 is no
 * refusal: the server asks for the proof it lacks (the GA code), and the confirmation asks for it.
 */
import { errcodeName, type ErrcodeName } from '../../../shared/errcodes';

export type WithdrawField = 'address' | 'amount' | 'bankAccount' | 'withdrawPassword' | 'gaCode' | 'form';

/** The form's fields by the names the call's inputs have. */
const FIELD_OF_INPUT: Record<string, WithdrawField> = {
  address: 'address',
  network: 'address',
  amount: 'amount',
  currency: 'amount',
  bankAccountId: 'bankAccount',
  withdrawPassword: 'withdrawPassword',
  gaCode: 'gaCode',
};

const FIELD_OF_ERRCODE: Partial<Record<ErrcodeName, WithdrawField>> = {
  withdrawAddressInvalid: 'address',
  withdrawAmountBelowMin: 'amount',
  withdrawAmountAboveMax: 'amount',
  withdrawQuotaExceeded: 'amount',
  insufficientBalance: 'amount',
  invalidAmount: 'amount',
  amountTooLarge: 'amount',
  bankAccountNotFound: 'bankAccount',
  withdrawPasswordWrong: 'withdrawPassword',
  twoFactorCodeWrong: 'gaCode',
  twoFactorCodeRequired: 'gaCode',
};

/** The fields on the first step (the form), as against the confirmation's proof. */
export const FORM_STEP_FIELDS: readonly WithdrawField[] = ['address', 'amount', 'bankAccount'];

export function placeWithdrawRefusal(refusal: { code: number; message: string; fields: Record<string, string> }): Partial<Record<WithdrawField, string>> {
  const placed: Partial<Record<WithdrawField, string>> = {};
  for (const [input, message] of Object.entries(refusal.fields)) {
    const field = FIELD_OF_INPUT[input] ?? 'form';
    placed[field] ??= message;
  }
  if (Object.keys(placed).length > 0) return placed;
  const name = errcodeName(refusal.code);
  return { [(name && FIELD_OF_ERRCODE[name]) ?? 'form']: refusal.message };
}

/** Whether the refusal asks for the proof the withdrawal lacks (errcode 101). */
export function asksForProof(code: number): boolean {
  return errcodeName(code) === 'secondFactorRequired';
}
