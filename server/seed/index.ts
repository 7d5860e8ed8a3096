/**
 * The seed: reference data (currencies, symbols, site settings) on every empty database, and
 * demo users with balances and content when demo mode is on. Each part runs once per database,
 * recorded in settings, so a second start reuses the data.
 */
import type { AppContext } from '../context';
import { seedMarket } from './market';
import { seedChain } from './chain';
import { seedSite } from './site';
import { seedDemoUsers } from './users';
import { seedContent } from './content';
import { seedRobots } from '../modules/robots/accounts';
import { seedHouseInventory } from './house';
import { seedRewardsFund } from './rewards';
import { seedOptionsHouse } from './options-house';
import { seedFuturesFunds } from './futures-funds';

interface SeedPart {
  name: string;
  demoOnly: boolean;
  run: (context: AppContext) => Promise<void>;
}

const PARTS: SeedPart[] = [
  { name: 'market', demoOnly: false, run: seedMarket },
  { name: 'chain', demoOnly: false, run: seedChain },
  { name: 'site', demoOnly: false, run: seedSite },
  { name: 'content', demoOnly: true, run: seedContent },
  { name: 'demo-users', demoOnly: true, run: seedDemoUsers },
  { name: 'house-inventory', demoOnly: true, run: seedHouseInventory },
  { name: 'rewards-fund', demoOnly: true, run: seedRewardsFund },
  { name: 'options-house', demoOnly: true, run: seedOptionsHouse },
  { name: 'futures-funds', demoOnly: true, run: seedFuturesFunds },
  // Not demo-only: a market needs its makers whenever robots are on (seedRobots checks that).
  { name: 'robots', demoOnly: false, run: seedRobots },
];

export async function seedDatabase(context: AppContext): Promise<void> {
  for (const part of PARTS) {
    if (part.demoOnly && !context.config.demoMode) continue;
    const key = `seed:${part.name}`;
    const done = await context.db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
    if (done) continue;
    await part.run(context);
    await context.db.insertInto('settings').values({ key, value_json: JSON.stringify({ at: context.now() }) }).execute();
  }
}
