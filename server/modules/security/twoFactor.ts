/**
 * Binding and unbinding Google Authenticator. Binding is two steps: GET /account/ga hands out a
 * secret kept pending (sealed) on the server, the same one on every read until it is bound, so a
 * reload does not invalidate what the user scanned; POST binds it with a code from it and the
 * login password. Unbinding takes a code of the bound secret.
 */
import type { AppContext } from '../../context';
import { contactsOf } from '../account/contact';
import { verifyLoginPassword } from '../account/service';
import { getSiteSettings } from '../site/settings';
import { noteSecurityChange } from './changes';
import { refuse } from './errors';
import { bindPendingSecret, findSecurity, keepPendingSecret, upsertSecurity } from './repo';
import { openSecret, sealSecret } from './secretBox';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';
import { acceptTwoFactorCode } from './twoFactorCheck';

export interface TwoFactorStatus {
  bound: boolean;
  secret?: string;
  uri?: string;
}

export async function twoFactorStatus(context: AppContext, userId: number): Promise<TwoFactorStatus> {
  const { db, adminToken } = context;
  const row = await findSecurity(db, userId);
  if (row?.ga_secret) return { bound: true };
  const pending = row?.ga_pending_secret ?? null;
  let secret = pending ? openSecret(adminToken, pending) : null;
  if (secret === null) {
    // A new one, unless a read made at the same time stored one first: then that one.
    const kept = await keepPendingSecret(db, userId, sealSecret(adminToken, newTotpSecret()), pending);
    if (kept.bound) return { bound: true };
    secret = kept.pending === null ? null : openSecret(adminToken, kept.pending);
    if (secret === null) throw new Error('the pending GA secret just stored does not open');
  }
  const contacts = await contactsOf(db, userId);
  const accountName = contacts.email?.to ?? contacts.sms?.to ?? String(userId);
  return { bound: false, secret, uri: totpUri(secret, (await getSiteSettings(db)).name, accountName) };
}

export async function bindTwoFactor(context: AppContext, userId: number, input: { code: string; password: string | undefined }): Promise<void> {
  const { db, adminToken, now } = context;
  if (!input.password || !(await verifyLoginPassword(db, userId, input.password))) refuse('wrongCredentials');
  const row = await findSecurity(db, userId);
  if (row?.ga_secret) refuse('twoFactorAlreadyBound');
  const sealed = row?.ga_pending_secret ?? null;
  const secret = sealed === null ? null : openSecret(adminToken, sealed);
  if (sealed === null || secret === null) refuse('twoFactorSetupMissing');
  const step = matchTotpStep(secret, input.code, now(), 0);
  if (step === null) refuse('twoFactorCodeWrong');
  await db.transaction().execute(async (trx) => {
    // Only the secret the code came from, and only while nothing is bound (a parallel bind lost).
    if (!(await bindPendingSecret(trx, userId, sealed, step))) refuse('twoFactorSetupMissing');
    await noteSecurityChange(trx, userId, 'gaBound', now());
  });
}

export async function unbindTwoFactor(context: AppContext, userId: number, code: string): Promise<void> {
  const { db, now } = context;
  await db.transaction().execute(async (trx) => {
    if (!(await findSecurity(trx, userId))?.ga_secret) refuse('twoFactorNotBound');
    if (!(await acceptTwoFactorCode(context, trx, userId, code))) refuse('twoFactorCodeWrong');
    await upsertSecurity(trx, userId, { ga_secret: null });
    await noteSecurityChange(trx, userId, 'gaUnbound', now());
  });
}
