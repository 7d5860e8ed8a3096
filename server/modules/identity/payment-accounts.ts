/**
 * Bank accounts (spec 7: /bankaccount...), kept as payment accounts of kind 'bank' so that C2C's
 * payment methods join them later. Owner-only: every read and change names the signed-in user, and
 * another user's id answers not found, exactly as a missing one does. Once the user is verified,
 * the holder must be the verified real name (an account in someone else's name is how stolen
 * money leaves); numbers are stored without spaces or dashes, and the same number twice is refused.
 */
import { normalizedAccountNumber, PAYMENT_ACCOUNTS_MAX, type PaymentAccount, type PaymentAccountKind } from '../../../src/shared/api/identity';
import { isVerified } from '../../../src/shared/layout';
import type { AppContext } from '../../context';
import { lockUserRow } from '../../db/row-lock';
import { accountOf } from '../account/identity';
import { getSiteSettings } from '../site/settings';
import { refuse } from './errors';
import * as repo from './repo';

function paymentAccountOf(row: repo.PaymentAccountRow): PaymentAccount {
  return {
    id: Number(row.id),
    kind: row.kind as PaymentAccountKind,
    holderName: row.holder_name,
    bankName: row.provider,
    accountNumber: row.account_number,
    branch: row.branch,
    createdAt: Number(row.created_at),
  };
}

/** Names compare as people write them: case and runs of spaces do not matter. */
function sameName(left: string, right: string): boolean {
  const normal = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return normal(left) === normal(right);
}

export async function listPaymentAccounts(context: AppContext, userId: number, kind: PaymentAccountKind): Promise<PaymentAccount[]> {
  return (await repo.listPaymentAccounts(context.db, userId, kind)).map(paymentAccountOf);
}

export async function queryPaymentAccount(context: AppContext, userId: number, id: number): Promise<PaymentAccount> {
  const row = await repo.findPaymentAccount(context.db, userId, id);
  if (!row) refuse('bankAccountNotFound');
  return paymentAccountOf(row);
}

export interface NewBankAccount {
  kind: PaymentAccountKind;
  holderName: string;
  bankName: string;
  accountNumber: string;
  branch: string;
}

async function checkHolder(context: AppContext, userId: number, holderName: string): Promise<void> {
  const [user, settings] = await Promise.all([accountOf(context.db, userId), getSiteSettings(context.db)]);
  if (!user) throw new Error(`a session names user ${userId}, who does not exist`);
  const verified = isVerified({ verifiedLevel: Number(user.verified_level), requiredIDLevel: settings.requiredIDLevel });
  if (verified && user.real_name.trim() !== '' && !sameName(holderName, user.real_name)) refuse('bankHolderMismatch');
}

export async function addPaymentAccount(context: AppContext, userId: number, input: NewBankAccount): Promise<PaymentAccount> {
  const accountNumber = normalizedAccountNumber(input.accountNumber);
  if (!accountNumber) refuse('bankAccountNumberInvalid');
  await checkHolder(context, userId, input.holderName);
  const row = await context.db.transaction().execute(async (trx) => {
    // The count decides the insert: a user's adds on every instance take turns on the user's row.
    await lockUserRow(trx, userId);
    const existing = await repo.listPaymentAccounts(trx, userId, input.kind);
    if (existing.some((account) => account.account_number === accountNumber)) refuse('bankAccountExists');
    if (existing.length >= PAYMENT_ACCOUNTS_MAX) refuse('bankAccountLimit', { max: PAYMENT_ACCOUNTS_MAX });
    return repo.insertPaymentAccount(trx, {
      userId,
      kind: input.kind,
      holderName: input.holderName.replace(/\s+/g, ' '),
      provider: input.bankName,
      accountNumber,
      branch: input.branch,
      now: context.now(),
    });
  });
  return paymentAccountOf(row);
}

export async function deletePaymentAccount(context: AppContext, userId: number, id: number): Promise<{ deleted: true }> {
  if (!(await repo.deletePaymentAccount(context.db, userId, id, context.now()))) refuse('bankAccountNotFound');
  return { deleted: true };
}
