/**
 * The admin CLI's commands for the operator's configuration (issue 21): the operator role and the
 * audit log, markets and fee tiers, coins and networks, platform limits. They call the operator
 * API of src/shared/api/operator-config.ts through the CLI's connection (cli.ts hands them a
 * CommandKit), so the CLI and the console change the platform the same way. Fees are typed in
 * percent (0.08 is 0.08 %) and sent in parts per million.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/shared/api/balance';
import type { AuditEntry, FeeTier, OperatorCoin, OperatorMarket, PlatformLimits } from '../../src/shared/api/operator-config';

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

/** What these commands use of the CLI: the operator API and its usage error. */
export interface CommandKit {
  call(method: 'GET' | 'POST', apiPath: string, body?: unknown, headers?: Record<string, string>): Promise<unknown>;
  usage(message: string): Error;
}

export type ConfigCommand = (args: string[], kit: CommandKit, output: CliOutput) => Promise<number>;

export const CONFIG_USAGE = `  operator --grant EMAIL | --revoke EMAIL
                                     Give an account the operator role, or take it away.
  operator log [--limit N]           The operator audit log, newest first: who changed what.
  markets                            List the spot markets with their status, fees and minimum.
  markets add --base B --quote Q --price-precision N --volume-precision N --min-value X
          [--maker-fee PCT] [--taker-fee PCT] [--test-only] [--base-scale N] [--quote-scale N]
                                     Add a market that trades at once (a new currency needs its
                                     --base-scale or --quote-scale, its decimal places).
  markets update --id N [--maker-fee PCT] [--taker-fee PCT] [--min-value X] [--test-only true|false]
  markets suspend|resume|delist --id N
                                     Cancel-only, trading again, or gone for good (its open
                                     orders are cancelled and their funds released).
  markets tiers [--set VIP:MAKER:TAKER ...]
                                     Show or replace the fee tiers by VIP level (fees in percent).
  coins                              List the coins on their networks and the networks.
  coins update --currency C --network N [--deposit on|off] [--withdraw on|off]
          [--deposit-min X] [--withdraw-fee X] [--withdraw-min X] [--withdraw-max X]
  coins network --id N --confirmations K
  limits                             List the platform accounts' floors and the futures and
                                     option limits.
  limits floor --account house|rewards|options_house|futures_house|insurance --currency C --floor X
  limits fund --account A --currency C --amount X --memo TEXT [--out] [--key KEY]
                                     Move money into a paying account from genesis (an operator's
                                     own deposit), or with --out back out of it, never below its
                                     floor. A run again with the same --key moves it once.
  limits futures --id N [--user-notional-max X] [--net-exposure-max X]
  limits options --id N --seconds S [--min-stake X] [--max-stake X] [--liability-max X]`;

const PPM_PER_PERCENT = 10_000;

/** A fee in percent (at most four decimals) as parts per million. */
export function percentToPpm(text: string, option: string, kit: CommandKit): number {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) throw kit.usage(`--${option} is a fee in percent with at most four decimals (0.08 is 0.08 %), not "${text}".`);
  return Number(match[1]) * PPM_PER_PERCENT + Number((match[2] ?? '').padEnd(4, '0'));
}

function ppmToPercent(ppm: number): string {
  return `${(ppm / PPM_PER_PERCENT).toString()} %`;
}

function requireOption(value: string | undefined, message: string, kit: CommandKit): string {
  if (value === undefined) throw kit.usage(message);
  return value;
}

function wholeNumber(option: string, value: string, kit: CommandKit): number {
  if (!/^\d{1,9}$/.test(value)) throw kit.usage(`--${option} must be a whole number, not "${value}".`);
  return Number(value);
}

function switchValue(option: string, value: string | undefined, kit: CommandKit): boolean | undefined {
  if (value === undefined) return undefined;
  if (['on', 'true'].includes(value)) return true;
  if (['off', 'false'].includes(value)) return false;
  throw kit.usage(`--${option} takes on or off, not "${value}".`);
}

/** The fields given, without the ones left out. */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const operator: ConfigCommand = async (args, kit, output) => {
  if (args[0] === 'log') {
    const { values } = parseArgs({ args: args.slice(1), strict: true, options: { limit: { type: 'string' } } });
    const limit = values.limit === undefined ? 20 : wholeNumber('limit', values.limit, kit);
    const log = (await kit.call('GET', `/operator/auditlog?limit=${limit}`)) as { entries: AuditEntry[] };
    if (log.entries.length === 0) output.out('No operator change yet.');
    for (const entry of log.entries) {
      output.out(`#${entry.id} ${new Date(entry.at).toISOString()} ${entry.actor ?? 'admin CLI'} ${entry.action} ${entry.target}: ${JSON.stringify(entry.before)} -> ${JSON.stringify(entry.after)}`);
    }
    return 0;
  }
  const { values } = parseArgs({ args, strict: true, options: { grant: { type: 'string' }, revoke: { type: 'string' } } });
  if ((values.grant === undefined) === (values.revoke === undefined)) throw kit.usage('operator takes --grant EMAIL or --revoke EMAIL (or log).');
  const email = values.grant ?? values.revoke ?? '';
  const account = (await kit.call('POST', '/operator/role', { email, operator: values.grant !== undefined })) as { id: number; email: string; role: string };
  output.out(account.role === 'operator' ? `${account.email} (account ${account.id}) is an operator.` : `${account.email} (account ${account.id}) is no longer an operator.`);
  return 0;
};

function marketLine(market: OperatorMarket): string {
  const test = market.testOnly ? ' test-only' : '';
  return `#${market.id} ${market.symbol} ${market.status}${test} maker ${ppmToPercent(market.makerFeePpm)} taker ${ppmToPercent(market.takerFeePpm)} min ${market.minOrderValue} ${market.quoteSymbol} (price ${market.pricePrecision}, volume ${market.volumePrecision} decimals)`;
}

const MARKET_OPTIONS = {
  id: { type: 'string' },
  base: { type: 'string' },
  quote: { type: 'string' },
  'price-precision': { type: 'string' },
  'volume-precision': { type: 'string' },
  'min-value': { type: 'string' },
  'maker-fee': { type: 'string' },
  'taker-fee': { type: 'string' },
  'test-only': { type: 'string' },
  'base-scale': { type: 'string' },
  'quote-scale': { type: 'string' },
  set: { type: 'string', multiple: true },
} as const;

const STATUS_OF_ACTION: Record<string, string> = { suspend: 'suspended', resume: 'active', delist: 'delisted' };

const markets: ConfigCommand = async (args, kit, output) => {
  const action = args[0] === undefined || args[0].startsWith('--') ? 'list' : args[0];
  // --test-only is a flag when adding and takes true or false when updating.
  const rest = action === 'list' ? args : args.slice(1).map((arg, index, all) => (action === 'add' && arg === '--test-only' && (all[index + 1] ?? '--').startsWith('--') ? '--test-only=true' : arg));
  const { values } = parseArgs({ args: rest, strict: true, options: MARKET_OPTIONS });
  const fee = (option: 'maker-fee' | 'taker-fee') => (values[option] === undefined ? undefined : percentToPpm(values[option], option, kit));
  const optionalNumber = (option: 'base-scale' | 'quote-scale') => (values[option] === undefined ? undefined : wholeNumber(option, values[option], kit));
  if (action === 'list') {
    for (const market of (await kit.call('GET', '/operator/markets')) as OperatorMarket[]) output.out(marketLine(market));
    return 0;
  }
  if (action === 'tiers') {
    const tiers = values.set?.map((text) => {
      const [vip = '', maker = '', taker = ''] = text.split(':');
      return { vipLevel: wholeNumber('set', vip, kit), makerFeePpm: percentToPpm(maker, 'set', kit), takerFeePpm: percentToPpm(taker, 'set', kit) };
    });
    const result = (await (tiers === undefined ? kit.call('GET', '/operator/feetiers') : kit.call('POST', '/operator/feetiers', { tiers }))) as FeeTier[];
    if (result.length === 0) output.out('No fee tiers: every user pays the market fees.');
    for (const tier of result) output.out(`VIP ${tier.vipLevel} and up: maker ${ppmToPercent(tier.makerFeePpm)} taker ${ppmToPercent(tier.takerFeePpm)} (or the market's, when lower)`);
    return 0;
  }
  if (action === 'add') {
    const body = present({
      base: requireOption(values.base, 'markets add needs --base.', kit),
      quote: requireOption(values.quote, 'markets add needs --quote.', kit),
      pricePrecision: wholeNumber('price-precision', requireOption(values['price-precision'], 'markets add needs --price-precision.', kit), kit),
      volumePrecision: wholeNumber('volume-precision', requireOption(values['volume-precision'], 'markets add needs --volume-precision.', kit), kit),
      minOrderValue: requireOption(values['min-value'], 'markets add needs --min-value.', kit),
      makerFeePpm: fee('maker-fee'),
      takerFeePpm: fee('taker-fee'),
      testOnly: switchValue('test-only', values['test-only'], kit),
      baseScale: optionalNumber('base-scale'),
      quoteScale: optionalNumber('quote-scale'),
    });
    output.out(`Added ${marketLine((await kit.call('POST', '/operator/markets/add', body)) as OperatorMarket)}`);
    return 0;
  }
  const status = STATUS_OF_ACTION[action];
  if (action !== 'update' && status === undefined) throw kit.usage('markets takes add, update, suspend, resume, delist or tiers (or nothing, to list them).');
  const id = wholeNumber('id', requireOption(values.id, `markets ${action} needs --id.`, kit), kit);
  const body = present({ status, makerFeePpm: fee('maker-fee'), takerFeePpm: fee('taker-fee'), minOrderValue: values['min-value'], testOnly: switchValue('test-only', values['test-only'], kit) });
  const result = (await kit.call('POST', `/operator/markets/update?id=${id}`, body)) as { market: OperatorMarket; cancelledOrders: number };
  output.out(marketLine(result.market));
  if (result.market.status === 'delisted') output.out(`Cancelled ${result.cancelledOrders} open order(s); their funds are released.`);
  return 0;
};

function coinLine(coin: OperatorCoin): string {
  const on = (enabled: boolean) => (enabled ? 'on' : 'off');
  return `${coin.currency} on ${coin.network}: deposits ${on(coin.depositEnabled)} (min ${coin.depositMin}), withdrawals ${on(coin.withdrawEnabled)} (fee ${coin.withdrawFee}, ${coin.withdrawMin} to ${coin.withdrawMax})`;
}

const coins: ConfigCommand = async (args, kit, output) => {
  const action = args[0] === undefined || args[0].startsWith('--') ? 'list' : args[0];
  const { values } = parseArgs({
    args: action === 'list' ? args : args.slice(1),
    strict: true,
    options: {
      currency: { type: 'string' },
      network: { type: 'string' },
      id: { type: 'string' },
      confirmations: { type: 'string' },
      deposit: { type: 'string' },
      withdraw: { type: 'string' },
      'deposit-min': { type: 'string' },
      'withdraw-fee': { type: 'string' },
      'withdraw-min': { type: 'string' },
      'withdraw-max': { type: 'string' },
    },
  });
  if (action === 'list') {
    const listing = (await kit.call('GET', '/operator/coins')) as { coins: OperatorCoin[]; networks: { id: string; name: string; confirmations: number }[] };
    for (const coin of listing.coins) output.out(coinLine(coin));
    for (const network of listing.networks) output.out(`Network ${network.id} (${network.name}): ${network.confirmations} confirmations`);
    return 0;
  }
  if (action === 'network') {
    const id = requireOption(values.id, 'coins network needs --id.', kit);
    const confirmations = wholeNumber('confirmations', requireOption(values.confirmations, 'coins network needs --confirmations.', kit), kit);
    const network = (await kit.call('POST', `/operator/networks/update?id=${encodeURIComponent(id)}`, { confirmations })) as { id: string; confirmations: number };
    output.out(`Network ${network.id}: ${network.confirmations} confirmations.`);
    return 0;
  }
  if (action !== 'update') throw kit.usage('coins takes update or network (or nothing, to list them).');
  const currency = requireOption(values.currency, 'coins update needs --currency.', kit);
  const network = requireOption(values.network, 'coins update needs --network.', kit);
  const body = present({
    depositEnabled: switchValue('deposit', values.deposit, kit),
    withdrawEnabled: switchValue('withdraw', values.withdraw, kit),
    depositMin: values['deposit-min'],
    withdrawFee: values['withdraw-fee'],
    withdrawMin: values['withdraw-min'],
    withdrawMax: values['withdraw-max'],
  });
  output.out(coinLine((await kit.call('POST', `/operator/coins/update?currency=${encodeURIComponent(currency)}&network=${encodeURIComponent(network)}`, body)) as OperatorCoin));
  return 0;
};

function printLimits(limits: PlatformLimits, output: CliOutput): void {
  for (const floor of limits.floors) output.out(`Floor of ${floor.account} in ${floor.currency}: ${floor.floor} (holds ${floor.balance})`);
  for (const row of limits.futures) output.out(`Futures #${row.symbolId} ${row.symbol}: one user's notional up to ${row.userNotionalMax} USDT, net exposure up to ${row.netExposureMax} USDT`);
  for (const row of limits.options) output.out(`Options #${row.symbolId} ${row.symbol} ${row.seconds}s: stake ${row.minStake} to ${row.maxStake} USDT, liability up to ${row.liabilityMax} USDT`);
}

const limits: ConfigCommand = async (args, kit, output) => {
  const action = args[0] === undefined || args[0].startsWith('--') ? 'list' : args[0];
  const { values } = parseArgs({
    args: action === 'list' ? args : args.slice(1),
    strict: true,
    options: {
      account: { type: 'string' },
      currency: { type: 'string' },
      floor: { type: 'string' },
      amount: { type: 'string' },
      memo: { type: 'string' },
      out: { type: 'boolean' },
      key: { type: 'string' },
      id: { type: 'string' },
      seconds: { type: 'string' },
      'user-notional-max': { type: 'string' },
      'net-exposure-max': { type: 'string' },
      'min-stake': { type: 'string' },
      'max-stake': { type: 'string' },
      'liability-max': { type: 'string' },
    },
  });
  let result: unknown;
  if (action === 'list') result = await kit.call('GET', '/operator/limits');
  else if (action === 'floor') {
    const body = {
      account: requireOption(values.account, 'limits floor needs --account.', kit),
      currency: requireOption(values.currency, 'limits floor needs --currency.', kit),
      floor: requireOption(values.floor, 'limits floor needs --floor.', kit),
    };
    result = await kit.call('POST', '/operator/limits/floor', body);
  } else if (action === 'fund') {
    const body = {
      account: requireOption(values.account, 'limits fund needs --account.', kit),
      currency: requireOption(values.currency, 'limits fund needs --currency.', kit),
      amount: requireOption(values.amount, 'limits fund needs --amount.', kit),
      direction: values.out === true ? 'out' : 'in',
      memo: requireOption(values.memo, 'limits fund needs --memo (why, for the audit log).', kit),
    };
    const key = values.key ?? `cli-${randomUUID()}`;
    result = await kit.call('POST', '/operator/limits/fund', body, { [IDEMPOTENCY_KEY_HEADER]: key });
    output.out(`${body.direction === 'in' ? 'Funded' : 'Took back'} ${body.amount} ${body.currency} ${body.direction === 'in' ? 'into' : 'from'} ${body.account} (idempotency key ${key}).`);
  } else if (action === 'futures') {
    const id = wholeNumber('id', requireOption(values.id, 'limits futures needs --id.', kit), kit);
    result = await kit.call('POST', `/operator/limits/futures?id=${id}`, present({ userNotionalMax: values['user-notional-max'], netExposureMax: values['net-exposure-max'] }));
  } else if (action === 'options') {
    const id = wholeNumber('id', requireOption(values.id, 'limits options needs --id.', kit), kit);
    const seconds = wholeNumber('seconds', requireOption(values.seconds, 'limits options needs --seconds.', kit), kit);
    result = await kit.call('POST', `/operator/limits/options?id=${id}&seconds=${seconds}`, present({ minStake: values['min-stake'], maxStake: values['max-stake'], liabilityMax: values['liability-max'] }));
  } else throw kit.usage('limits takes floor, fund, futures or options (or nothing, to list them).');
  printLimits(result as PlatformLimits, output);
  return 0;
};

export const CONFIG_COMMANDS: Record<string, ConfigCommand> = { operator, markets, coins, limits };
