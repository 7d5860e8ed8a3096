/**
 * What operators do through the operator API: address notifications to one user or all of them,
 * and change the site settings. Publishing is a content rule (content/service.ts) and the audit a
 * ledger one (ledger/audit.ts); the routes call those directly.
 */
import type { SettingsUpdate } from '../../../src/shared/api/operator';
import type { AppContext } from '../../context';
import { forUpdate } from '../../db/row-lock';
import { refuse } from './errors';
import { createNotifications, OPERATOR_NOTIFICATION_TYPE } from '../notification/service';
import { getSiteSettings, saveSiteSettings, SITE_SETTINGS_KEY, type SiteSettings } from '../site/settings';
import * as repo from './repo';

export interface NotifyInput {
  userId?: number;
  email?: string;
  all?: true;
  message: string;
}

async function notifyTargets(context: AppContext, input: NotifyInput): Promise<number[]> {
  if (input.all) return repo.selectActiveUserIds(context.db);
  const userId =
    input.userId !== undefined ? await repo.findUserIdById(context.db, input.userId) : await repo.findUserIdByEmail(context.db, input.email ?? '');
  if (userId === undefined) refuse('accountNotFound');
  return [userId];
}

/** The account an operator names by e-mail (the chain area's demo deposit too), if there is one. */
export function findUserIdByEmail(context: AppContext, email: string): Promise<number | undefined> {
  return repo.findUserIdByEmail(context.db, email);
}

/** Sends an operator's message as a type-0 ('other') notification; answers how many were made. */
export async function notifyUsers(context: AppContext, input: NotifyInput): Promise<{ created: number }> {
  const userIds = await notifyTargets(context, input);
  const now = context.now();
  const ids = await context.db.transaction().execute(async (trx) =>
    createNotifications(trx, userIds.map((userId) => ({ userId, type: OPERATOR_NOTIFICATION_TYPE, message: input.message })), now),
  );
  return { created: ids.length };
}

/** Applies a validated partial update: nested objects merge; a null kvConfigs value removes the key. */
export function mergeSiteSettings(current: SiteSettings, update: SettingsUpdate): SiteSettings {
  const { helpDesk, luckydraw, c2c, kvConfigs, ...scalars } = update;
  const next: SiteSettings = { ...current, ...scalars };
  if (helpDesk) next.helpDesk = { ...current.helpDesk, ...helpDesk };
  if (luckydraw) next.luckydraw = { ...current.luckydraw, ...luckydraw };
  if (c2c) next.c2c = { ...current.c2c, ...c2c };
  if (kvConfigs) {
    next.kvConfigs = { ...current.kvConfigs };
    for (const [key, value] of Object.entries(kvConfigs)) {
      if (value === null) delete next.kvConfigs[key];
      else next.kvConfigs[key] = value;
    }
  }
  return next;
}

export async function updateSiteSettings(context: AppContext, update: SettingsUpdate): Promise<SiteSettings> {
  return context.db.transaction().execute(async (trx) => {
    // Two operators changing different settings at once: on PostgreSQL the second waits for the
    // first's row and merges into what it wrote, instead of writing back what it read before.
    await forUpdate(trx, trx.selectFrom('settings').select('key').where('key', '=', SITE_SETTINGS_KEY)).execute();
    const next = mergeSiteSettings(await getSiteSettings(trx), update);
    await saveSiteSettings(trx, next);
    return next;
  });
}
