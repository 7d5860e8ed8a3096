/**
 * What every security change does besides itself (issue 15): it starts the withdrawal cool-off
 * (coolOff.ts) and tells the user in a notification, both in the change's own transaction.
 */
import { NOTIFICATION_TYPE } from '../../../src/shared/constants';
import type { SECURITY_NOTIFICATION_MESSAGES } from '../../i18n/messages';
import type { Executor } from '../../core/executor';
import { createNotifications, SECURITY_NOTIFICATION_TYPE } from '../notification/service';
import { recordSecurityChange } from './coolOff';

/** The security changes with a notification of their own; the withdrawal password's reset is spec type 8. */
export type SecurityChange = keyof typeof SECURITY_NOTIFICATION_MESSAGES | 'withdrawPasswordReset';

/**
 * Changes that add a protection and take none away start no cool-off: the first withdrawal
 * password, and binding Google Authenticator (possible only while none is bound), after which a
 * withdrawal needs one more secret. Whoever could withdraw before still could not do more after;
 * a cool-off there would only hold back the owner who just made the account safer. Everything that
 * replaces or removes a protection (a new password, a reset, unbinding GA, a new contact that codes
 * go to) starts it.
 */
const ADDS_PROTECTION_ONLY: ReadonlySet<SecurityChange> = new Set(['withdrawPasswordSet', 'gaBound']);

/** Records the change and notifies its owner, in the caller's transaction. */
export async function noteSecurityChange(executor: Executor, userId: number, change: SecurityChange, now: number, params: Record<string, string> = {}): Promise<void> {
  if (!ADDS_PROTECTION_ONLY.has(change)) await recordSecurityChange(executor, userId, now);
  const notification =
    change === 'withdrawPasswordReset'
      ? { userId, type: NOTIFICATION_TYPE.resetWithdrawPassword }
      : { userId, type: SECURITY_NOTIFICATION_TYPE, params: { change, ...params } };
  await createNotifications(executor, [notification], now);
}
