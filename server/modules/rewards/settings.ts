/**
 * The reward table and the prizes, as the operator configures them: one JSON row in `settings`
 * under 'rewards', missing parts taking the defaults below (the same pattern as the site
 * settings), read by the operator API. Amounts are decimal strings in the currency's scale;
 * weights are integers, a prize's chance being its weight over the sum of the weights.
 *
 * The defaults: a seven-day cycle of small USDT rewards with a larger seventh day, and one
 * lucky-draw ticket for every seven consecutive days, whose prizes average 1.7 USDT.
 */
import type { RewardSettings } from '../../../src/shared/api/rewards';
import type { Executor } from '../../core/executor';

export const REWARD_SETTINGS_KEY = 'rewards';

export const DEFAULT_REWARD_SETTINGS: RewardSettings = {
  checkin: {
    rewards: [
      { day: 1, amount: '0.1', currency: 'USDT' },
      { day: 2, amount: '0.1', currency: 'USDT' },
      { day: 3, amount: '0.2', currency: 'USDT' },
      { day: 4, amount: '0.2', currency: 'USDT' },
      { day: 5, amount: '0.3', currency: 'USDT' },
      { day: 6, amount: '0.5', currency: 'USDT' },
      { day: 7, amount: '2', currency: 'USDT' },
    ],
  },
  luckydraw: {
    ticketEveryDays: 7,
    prizes: [
      { id: 'usdt-0.5', amount: '0.5', currency: 'USDT', weight: 6_000 },
      { id: 'usdt-1', amount: '1', currency: 'USDT', weight: 2_500 },
      { id: 'usdt-2', amount: '2', currency: 'USDT', weight: 1_000 },
      { id: 'usdt-10', amount: '10', currency: 'USDT', weight: 450 },
      { id: 'usdt-100', amount: '100', currency: 'USDT', weight: 50 },
    ],
  },
};

export async function getRewardSettings(executor: Executor): Promise<RewardSettings> {
  const row = await executor.selectFrom('settings').select('value_json').where('key', '=', REWARD_SETTINGS_KEY).executeTakeFirst();
  const stored = row ? (JSON.parse(row.value_json) as Partial<RewardSettings>) : {};
  return { ...DEFAULT_REWARD_SETTINGS, ...stored };
}
