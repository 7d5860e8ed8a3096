/**
 * Proves the futures money adds up over random mark-price paths with gaps, through the real
 * service and database: many users open random positions (market and limit, long and short, with
 * and without take-profit and stop-loss, leverage up to 100x), close some, move stop points, while
 * the marks walk and jump; the risk loop settles what each mark reaches. Afterwards every user's
 * PnL and fees plus the changes of the futures house, the fee account and the insurance fund sum
 * to zero; no user lost more than a position's margin; every position closed once, and every
 * trigger that a mark reached fired (with its notification); the ledger audit passes.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRCODES } from '../../../src/shared/errcodes';
import type { FuturesPosition } from '../../../src/shared/api/futures';
import { formatUnits } from '../../../src/shared/money';
import { RATE_PPM } from '../../../src/shared/futures-math';
import { auditLedger } from '../../../server/ledger/audit';
import { systemBalances, type SystemAccount } from '../../../server/ledger/ledger';
import { riskLoopOf } from '../../../server/modules/futures';
import { FUTURES_NOTIFICATION_TYPE } from '../../../server/modules/notification/service';
import type { TestUser } from '../../helpers/auth';
import { createRaw, fundFuturesAccounts, futuresUsdtUnits, futuresUser } from '../../helpers/futures';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';

/** Four futures symbols (their price precision and some of their leverages) with their spot markets and a starting price there. */
const MARKETS = [
  { symbolId: 201, pricePrecision: 1, spotId: 301, startTicks: 6_000_000n, leverages: [2, 5, 10, 20, 50, 100] },
  { symbolId: 202, pricePrecision: 2, spotId: 302, startTicks: 300_000n, leverages: [1, 3, 10, 20, 75] },
  { symbolId: 203, pricePrecision: 2, spotId: 303, startTicks: 15_000n, leverages: [1, 5, 10, 20, 50] },
  { symbolId: 206, pricePrecision: 5, spotId: 306, startTicks: 150_000n, leverages: [1, 2, 5, 10, 20] },
] as const;
const USERS = 8;
const USER_FUNDS_USDT = '20000';
const HOUSE_FUNDS_USDT = '50000000';
const INSURANCE_FUNDS_USDT = '500';
/** Refusals a random order may meet; anything else is a failure. */
const EXPECTED_REFUSALS = new Set<number>([
  ERRCODES.futuresStopLossInvalid,
  ERRCODES.futuresTakeProfitInvalid,
  ERRCODES.futuresVolumeBelowMin,
  ERRCODES.futuresUserNotionalExceeded,
  ERRCODES.futuresNetExposureExceeded,
  ERRCODES.insufficientBalance,
]);
const ACCOUNTS: SystemAccount[] = ['futures_house', 'fees', 'insurance'];

const orderArbitrary = fc.record({
  user: fc.nat({ max: USERS - 1 }),
  market: fc.nat({ max: MARKETS.length - 1 }),
  leverage: fc.nat({ max: 4 }),
  side: fc.constantFrom<'long' | 'short'>('long', 'short'),
  marginUsdt: fc.integer({ min: 20, max: 800 }),
  /** A limit trigger this far (ppm) against the side, or a market order. */
  triggerPpm: fc.option(fc.integer({ min: 2_000, max: 30_000 }), { freq: 3 }),
  takeProfitPpm: fc.option(fc.integer({ min: 3_000, max: 60_000 }), { freq: 2 }),
  stopLossPpm: fc.option(fc.integer({ min: 2_000, max: 40_000 }), { freq: 2 }),
});
/** What users do besides opening: close one position, close all (rarely), move a stop-loss. */
const actionArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('close' as const), user: fc.nat({ max: USERS - 1 }), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeAll' as const), user: fc.nat({ max: USERS - 1 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('stopPoints' as const), user: fc.nat({ max: USERS - 1 }), pick: fc.nat(), stopLossPpm: fc.option(fc.integer({ min: 1_000, max: 30_000 })) }),
  },
);
/** One step of the path: a move of each mark in ppm (a gap now and then), the orders and the action before it. */
const stepArbitrary = fc.record({
  moves: fc.array(fc.oneof({ weight: 9, arbitrary: fc.integer({ min: -6_000, max: 6_000 }) }, { weight: 1, arbitrary: fc.integer({ min: -120_000, max: 120_000 }) }), {
    minLength: MARKETS.length,
    maxLength: MARKETS.length,
  }),
  orders: fc.array(orderArbitrary, { maxLength: 4 }),
  action: fc.option(actionArbitrary, { freq: 2 }),
});

type Drawn<A> = A extends fc.Arbitrary<infer Value> ? Value : never;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Envelope<T> {
  errcode: number;
  errmsg?: string;
  data: T;
}

function moved(ticks: bigint, ppm: number): bigint {
  const next = (ticks * (RATE_PPM + BigInt(ppm))) / RATE_PPM;
  return next > 0n ? next : 1n;
}

async function call<T>(as: TestUser, url: string, payload?: unknown, headers?: Record<string, string>): Promise<Envelope<T>> {
  const response = await callApi(server!, 'POST', url, { as, payload, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<T>>();
}

/** The mark of a futures symbol now, in its ticks, as the risk loop reads it. */
function markOf(symbolId: number): bigint {
  return server!.app.prices.current(symbolId)!.priceTicks;
}

/** Sets every spot market's reference and runs one sampling round with its risk round. */
async function publishMarks(spotTicks: bigint[]): Promise<void> {
  MARKETS.forEach((market, index) => server!.app.prices.setReference(market.spotId, spotTicks[index]!));
  server!.app.prices.sample();
  await riskLoopOf(server!.context).idle();
}

async function systemTotals(): Promise<Record<string, bigint>> {
  const totals: Record<string, bigint> = {};
  for (const account of ACCOUNTS) {
    totals[account] = (await systemBalances(server!.context.db, account)).find((balance) => balance.currency === 'USDT')?.balanceUnits ?? 0n;
  }
  return totals;
}

/** A price `ppm` from `ticks` in the position's favour (positive) or against it (negative), as text at the precision. */
function priceText(ticks: bigint, side: 'long' | 'short', ppm: number, precision: number): string {
  return formatUnits(moved(ticks, side === 'long' ? ppm : -ppm), precision);
}

async function placeOrder(users: TestUser[], order: Drawn<typeof orderArbitrary>, key: string) {
  const market = MARKETS[order.market]!;
  const precision = market.pricePrecision;
  const mark = markOf(market.symbolId);
  const reference = order.triggerPpm === null ? mark : moved(mark, order.side === 'long' ? -order.triggerPpm : order.triggerPpm);
  const body = {
    symbol: market.symbolId,
    side: order.side,
    type: order.triggerPpm === null ? 'market' : 'limit',
    leverage: market.leverages[order.leverage]!,
    margin: String(order.marginUsdt),
    ...(order.triggerPpm === null ? {} : { triggerPrice: formatUnits(reference, precision) }),
    ...(order.takeProfitPpm === null ? {} : { takeProfit: priceText(reference, order.side, order.takeProfitPpm, precision) }),
    ...(order.stopLossPpm === null ? {} : { stopLoss: priceText(reference, order.side, -order.stopLossPpm, precision) }),
  };
  return (await createRaw(server!, users[order.user]!, body, key)).json<Envelope<FuturesPosition>>();
}

async function ownLive(user: TestUser): Promise<FuturesPosition[]> {
  return (await call<{ list: FuturesPosition[] }>(user, '/futures/orders?scope=open&limit=100')).data.list;
}

async function act(users: TestUser[], action: Drawn<typeof actionArbitrary>): Promise<void> {
  const user = users[action.user]!;
  if (action.kind === 'closeAll') {
    expect((await call(user, '/futures/closeall')).errcode).toBe(0);
    return;
  }
  const live = await ownLive(user);
  if (live.length === 0) return;
  const position = live[action.pick % live.length]!;
  if (action.kind === 'close') {
    expect((await call(user, `/futures/closeorder?id=${position.id}`)).errcode).toBe(0);
    return;
  }
  const reference = position.entryPrice ?? position.triggerPrice!;
  const precision = MARKETS.find((market) => market.symbolId === position.symbolId)!.pricePrecision;
  const referenceTicks = BigInt(reference.replace('.', ''));
  const stopLoss = action.stopLossPpm === null ? null : priceText(referenceTicks, position.side, -action.stopLossPpm, precision);
  const answer = await call(user, '/futures/updatestoppoints', { id: position.id, stopLoss });
  expect([0, ERRCODES.futuresStopLossInvalid, ERRCODES.futuresPositionClosed]).toContain(answer.errcode);
}

interface PositionRow {
  id: number;
  user_id: number;
  side: string;
  type: string;
  status: string;
  margin_units: bigint;
  open_fee_units: bigint;
  close_fee_units: bigint | null;
  realized_pnl_units: bigint | null;
  close_reason: string | null;
  close_ticks: bigint | null;
  take_profit_ticks: bigint | null;
  stop_loss_ticks: bigint | null;
  trigger_ticks: bigint | null;
  liquidation_ticks: bigint | null;
  opened_at: bigint | null;
  symbol_id: number;
}

async function positions(): Promise<PositionRow[]> {
  return (await server!.context.db.selectFrom('futures_positions').selectAll().execute()) as unknown as PositionRow[];
}

/** What a mark reaches of a stored position, as the contract says; undefined when nothing. */
function reachedTrigger(row: PositionRow, mark: bigint): string | undefined {
  const long = row.side === 'long';
  const against = (ticks: bigint | null) => ticks !== null && (long ? mark <= ticks : mark >= ticks);
  const favour = (ticks: bigint | null) => ticks !== null && (long ? mark >= ticks : mark <= ticks);
  if (row.status === 'pending') return against(row.trigger_ticks) ? 'open' : undefined;
  if (row.status !== 'open') return undefined;
  if (against(row.liquidation_ticks)) return 'liquidation';
  if (against(row.stop_loss_ticks)) return 'stopLoss';
  if (favour(row.take_profit_ticks)) return 'takeProfit';
  return undefined;
}

describe('futures over random mark-price paths', () => {
  it('sum to zero, never take more than a margin, and fire every trigger once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 30, maxLength: 60 }), async (steps) => {
        run += 1;
        await server?.close();
        server = await buildTestServer({ demoMode: false });
        // Rounds run when the path says, not on the one-second timer.
        server.app.prices.stop();
        await fundFuturesAccounts(server, HOUSE_FUNDS_USDT, INSURANCE_FUNDS_USDT);
        const users: TestUser[] = [];
        for (let index = 0; index < USERS; index += 1) users.push(await futuresUser(server, USER_FUNDS_USDT));
        const startUsers = await Promise.all(users.map((user) => futuresUsdtUnits(server!, user.userId)));
        const startSystem = await systemTotals();
        const spot: bigint[] = MARKETS.map((market) => market.startTicks);
        await publishMarks(spot);

        let placed = 0;
        const refusals = new Map<number, number>();
        for (const [stepIndex, step] of steps.entries()) {
          for (const [orderIndex, order] of step.orders.entries()) {
            const answer = await placeOrder(users, order, `run${run}-step${stepIndex}-order${orderIndex}`);
            if (answer.errcode === 0) placed += 1;
            else {
              expect(EXPECTED_REFUSALS, `${answer.errcode} ${answer.errmsg}`).toContain(answer.errcode);
              refusals.set(answer.errcode, (refusals.get(answer.errcode) ?? 0) + 1);
            }
          }
          if (step.action !== null) await act(users, step.action);
          step.moves.forEach((ppm, index) => (spot[index] = moved(spot[index]!, ppm)));
          await publishMarks(spot);
          // Whatever the marks reach has fired: nothing live is left past a trigger.
          for (const row of await positions()) {
            expect(reachedTrigger(row, markOf(Number(row.symbol_id))), `position ${row.id} at step ${stepIndex}: ${JSON.stringify(row, (_, v) => (typeof v === "bigint" ? v.toString() : v))} mark ${markOf(Number(row.symbol_id))}`).toBeUndefined();
          }
        }
        for (const user of users) expect((await call(user, '/futures/closeall')).errcode).toBe(0);

        const rows = await positions();
        expect(rows.every((row) => row.status === 'closed' || row.status === 'cancelled')).toBe(true);
        // Per user: the wallet moved by exactly the PnL minus the fees of its positions, and no position cost more than its margin and open fee.
        let pnlTotal = 0n;
        let feeTotal = 0n;
        for (const [index, user] of users.entries()) {
          let expected = 0n;
          for (const row of rows.filter((candidate) => Number(candidate.user_id) === user.userId && candidate.status === 'closed')) {
            const pnl = row.realized_pnl_units!;
            const fees = row.open_fee_units + row.close_fee_units!;
            expect(pnl, `position ${row.id}`).toBeGreaterThanOrEqual(-row.margin_units);
            expect(pnl - row.close_fee_units!, `position ${row.id}`).toBeGreaterThanOrEqual(-row.margin_units);
            if (row.close_reason === 'liquidation') expect(pnl).toBe(-row.margin_units);
            const close = row.close_ticks!;
            if (row.close_reason === 'takeProfit') expect(row.side === 'long' ? close >= row.take_profit_ticks! : close <= row.take_profit_ticks!).toBe(true);
            if (row.close_reason === 'stopLoss') expect(row.side === 'long' ? close <= row.stop_loss_ticks! : close >= row.stop_loss_ticks!).toBe(true);
            expected += pnl - fees;
            pnlTotal += pnl;
            feeTotal += fees;
          }
          expect((await futuresUsdtUnits(server!, user.userId)) - startUsers[index]!, `user ${user.userId}`).toBe(expected);
        }
        const endSystem = await systemTotals();
        const change = (account: string) => endSystem[account]! - startSystem[account]!;
        expect(change('fees')).toBe(feeTotal);
        expect(change('futures_house') + change('insurance')).toBe(-pnlTotal);
        expect(pnlTotal - feeTotal + change('futures_house') + change('fees') + change('insurance')).toBe(0n);

        // Every position closed once in the ledger, and each trigger told its owner once.
        const closes = await server.context.db
          .selectFrom('ledger_transactions')
          .select(['idempotency_key'])
          .where('kind', '=', 'futures:close')
          .execute();
        const closedIds = rows.filter((row) => row.status === 'closed').map((row) => `futures:close:${row.id}`);
        expect(closes.map((close) => close.idempotency_key).sort()).toEqual(closedIds.sort());
        const notifications = await server.context.db.selectFrom('notifications').select(['user_id', 'params_json']).where('type', '=', BigInt(FUTURES_NOTIFICATION_TYPE)).execute();
        const told = new Map<string, number>();
        for (const notification of notifications) {
          const key = `${notification.user_id}:${(JSON.parse(notification.params_json) as { event: string }).event}`;
          told.set(key, (told.get(key) ?? 0) + 1);
        }
        const due = new Map<string, number>();
        for (const row of rows) {
          const events = [row.type === 'limit' && row.opened_at !== null ? 'open' : undefined, row.close_reason !== null && row.close_reason !== 'user' ? row.close_reason : undefined];
          for (const event of events.filter(Boolean)) due.set(`${row.user_id}:${event}`, (due.get(`${row.user_id}:${event}`) ?? 0) + 1);
        }
        expect(Object.fromEntries(told)).toEqual(Object.fromEntries(due));

        const audit = await auditLedger(server.context.db);
        expect(audit.problems).toEqual([]);
        expect(placed).toBeGreaterThan(0);
        const reasons = rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.close_reason ?? row.status]: (counts[row.close_reason ?? row.status] ?? 0) + 1 }), {});
        const moves = `house ${formatUnits(change('futures_house'), 6)}, fees ${formatUnits(change('fees'), 6)}, insurance ${formatUnits(change('insurance'), 6)} USDT`;
        console.info(`futures path run ${run}: ${steps.length} steps, ${placed} positions ${JSON.stringify(reasons)}, refusals ${JSON.stringify(Object.fromEntries(refusals))}; ${moves}`);
      }),
      { seed: 1_717, numRuns: 5, endOnFailure: true },
    );
  }, 300_000);
});
