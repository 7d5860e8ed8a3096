/**
 * Demo accounts for `npm start` (demo mode only): two traders, an approved C2C merchant, a user
 * who sees test symbols and an operator, with balances credited through the ledger from the
 * genesis account as deposits would be. main.ts prints DEMO_USERS so a newcomer can sign in.
 */
import type { AppContext } from '../context';
import { postTransaction, systemOwner, userOwner, type Posting, type UserWallet } from '../ledger/ledger';
import { hashPassword } from '../modules/account/password';
import type { NewUser } from '../modules/account/repo';
import { insertUserWithReferralCode } from '../modules/account/service';
import { IDENTITY_STATUS, MERCHANT_APPROVED_STATUS, SUPER_VIP_ABOVE_LEVEL } from '../../src/shared/constants';
import { parseUnits } from '../../src/shared/money';
import type { Db } from '../db/database';

const DEMO_PASSWORD = 'Demo1234!';

type DemoFunds = Partial<Record<UserWallet, Record<string, string>>>;

interface DemoUser {
  label: string;
  email: string;
  password: string;
  account: Omit<NewUser, 'email' | 'passwordHash' | 'referralCode' | 'now' | 'referredBy'>;
  funds: DemoFunds;
}

const TRADER_FUNDS: DemoFunds = {
  spot: { USDT: '10000', BTC: '0.5', ETH: '5', USDC: '2000' },
  futures: { USDT: '1000' },
};

const MERCHANT_FUNDS: DemoFunds = {
  spot: { USDT: '100000', USDC: '50000', BTC: '2', ETH: '20' },
};

const SEED_USERS: DemoUser[] = [
  { label: 'Trader 1', email: 'trader1@demo.exchange', password: DEMO_PASSWORD, account: { phoneCountry: null, phone: null }, funds: TRADER_FUNDS },
  {
    label: 'Trader 2 +1 5550100002',
    email: 'trader2@demo.exchange',
    password: DEMO_PASSWORD,
    account: { phoneCountry: '+1', phone: '5550100002' },
    funds: TRADER_FUNDS,
  },
  {
    label: 'C2C merchant',
    email: 'merchant@demo.exchange',
    password: DEMO_PASSWORD,
    account: {
      phoneCountry: null,
      phone: null,
      realName: 'Demo Merchant',
      vipLevel: SUPER_VIP_ABOVE_LEVEL + 1,
      merchantStatus: MERCHANT_APPROVED_STATUS,
      identityStatus: IDENTITY_STATUS.approved,
      verifiedLevel: 2,
    },
    funds: MERCHANT_FUNDS,
  },
  {
    label: 'Test-symbol user',
    email: 'tester@demo.exchange',
    password: DEMO_PASSWORD,
    account: { phoneCountry: null, phone: null, testEnabled: true },
    funds: TRADER_FUNDS,
  },
  { label: 'Operator', email: 'operator@demo.exchange', password: DEMO_PASSWORD, account: { phoneCountry: null, phone: null, role: 'operator' }, funds: {} },
];

export const DEMO_USERS: { label: string; email: string; password: string }[] = SEED_USERS.map(({ label, email, password }) => ({
  label,
  email,
  password,
}));

async function currencyScales(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('currencies').select(['code', 'scale']).execute();
  return new Map(rows.map((row) => [row.code, Number(row.scale)]));
}

/** Postings that move each amount from the genesis account to the user's wallets. */
function depositPostings(userId: number, funds: DemoFunds, scales: Map<string, number>): Posting[] {
  const postings: Posting[] = [];
  for (const [wallet, amounts] of Object.entries(funds) as [UserWallet, Record<string, string>][]) {
    for (const [currency, amount] of Object.entries(amounts)) {
      const scale = scales.get(currency);
      if (scale === undefined) throw new Error(`demo funds name ${currency}, which is not a seeded currency`);
      const units = parseUnits(amount, scale);
      postings.push(
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency }, amountUnits: -units },
        { account: { owner: userOwner(userId), wallet, currency }, amountUnits: units },
      );
    }
  }
  return postings;
}

export async function seedDemoUsers(context: AppContext): Promise<void> {
  const { db, now, config } = context;
  const scales = await currencyScales(db);
  // Hash first: argon2 is slow and the transaction below holds the database.
  const hashed = await Promise.all(
    SEED_USERS.map(async (user) => ({ user, passwordHash: await hashPassword(user.password, config.passwordHashMemoryKib) })),
  );
  await db.transaction().execute(async (trx) => {
    const time = now();
    for (const { user, passwordHash } of hashed) {
      const userId = await insertUserWithReferralCode(trx, {
        ...user.account,
        email: user.email,
        passwordHash,
        referredBy: null,
        now: time,
      });
      const postings = depositPostings(userId, user.funds, scales);
      if (postings.length === 0) continue;
      await postTransaction(trx, { kind: 'demo-deposit', owner: userOwner(userId), postings, memo: 'demo funds', now: time });
    }
  });
}
