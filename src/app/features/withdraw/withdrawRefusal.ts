/**
 * Where a refused withdrawal is shown: on the field it is about (the address, the amount, the bank
 * account, the withdrawal password, the GA code) or over the whole form. An invalid-fields answer
 * (HTTP 400) names its inputs; a business refusal is placed by its errcode. Errcode 101 is no
 * refusal: the server asks for the proof it lacks (the GA code), and the confirmation asks for it.
 */
import { IDENTITY_ERRCODES, LEDGER_ERRCODES, PROTOCOL_ERRCODES, SECURITY_ERRCODES, WITHDRAW_ERRCODES } from '../../../shared/errcodes';

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

/** By code, from each area's own table: the whole table of every area would weigh on the page. */
const FIELD_OF_ERRCODE = new Map<number, WithdrawField>([
  [WITHDRAW_ERRCODES.withdrawAddressInvalid, 'address'],
  [WITHDRAW_ERRCODES.withdrawAmountBelowMin, 'amount'],
  [WITHDRAW_ERRCODES.withdrawAmountAboveMax, 'amount'],
  [WITHDRAW_ERRCODES.withdrawQuotaExceeded, 'amount'],
  [LEDGER_ERRCODES.insufficientBalance, 'amount'],
  [LEDGER_ERRCODES.invalidAmount, 'amount'],
  [LEDGER_ERRCODES.amountTooLarge, 'amount'],
  [IDENTITY_ERRCODES.bankAccountNotFound, 'bankAccount'],
  [SECURITY_ERRCODES.withdrawPasswordWrong, 'withdrawPassword'],
  [SECURITY_ERRCODES.twoFactorCodeWrong, 'gaCode'],
  [SECURITY_ERRCODES.twoFactorCodeRequired, 'gaCode'],
]);

/** The fields on the first step (the form), as against the confirmation's proof. */
export const FORM_STEP_FIELDS: readonly WithdrawField[] = ['address', 'amount', 'bankAccount'];

export function placeWithdrawRefusal(refusal: { code: number; message: string; fields: Record<string, string> }): Partial<Record<WithdrawField, string>> {
  const placed: Partial<Record<WithdrawField, string>> = {};
  for (const [input, message] of Object.entries(refusal.fields)) {
    const field = FIELD_OF_INPUT[input] ?? 'form';
    placed[field] ??= message;
  }
  if (Object.keys(placed).length > 0) return placed;
  return { [FIELD_OF_ERRCODE.get(refusal.code) ?? 'form']: refusal.message };
}

/** Whether the refusal asks for the proof the withdrawal lacks (errcode 101). */
export function asksForProof(code: number): boolean {
  return code === PROTOCOL_ERRCODES.secondFactorRequired;
}
