/**
 * Proves withdrawals on a real database and ledger through the calls: the config and the quotas,
 * the checks of a submission (address, bounds, quota, errcode 101 without the proof, the
 * wrong-password lock, the cool-off), the hold of amount plus fee and notification 256, a repeat
 * answered with the same withdrawal, the operator's approval sent on the simulated chain and
 * completed once at its confirmations (1024), a rejection or a cancel releasing exactly (512),
 * fiat to the user's bank account paid when marked, and no user reading or cancelling another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/ledger/audit';
import { systemBalances } from '../../../server/ledger/ledger';
import type { OperatorWithdrawal, Withdrawal, WithdrawConfig, WithdrawQuota } from '../../../src/shared/api/withdraw';
import { WITHDRAW_LOCK_MS, WITHDRAW_PASSWORD_FAILURES_MAX } from '../../../src/shared/api/withdraw';
import { NOTIFICATION_TYPE } from '../../../src/shared/constants';
import { ERRCODES } from '../../../src/shared/errcodes';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { mineBlocks } from '../../helpers/chain';
import { bindGa, call, codeAt, toMiddleOfStep, type Answer } from '../../helpers/security';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { newRound, postWithdraw, trc20Address, usdtUnits, WITHDRAW_PASSWORD, withdrawingUser, withdrawUsdt } from '../../helpers/withdraw';

/** USDT on TRC20 (server/seed/chain.ts): fee 1, minimum 10, maximum 100000, six confirmations. */
const TRC20_CONFIRMATIONS = 6;
const USDT = 1_000_000n;

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(async () => {
  await server.close();
});

function operator() {
  return { headers: { authorization: `Bearer ${server.context.adminToken}` } };
}

const WITHDRAWAL_TYPES: number[] = [NOTIFICATION_TYPE.withdrawalSubmission, NOTIFICATION_TYPE.withdrawalCancellation, NOTIFICATION_TYPE.withdrawalCompletion];

/** The user's withdrawal notifications, newest first, in English. */
async function notificationsOf(user: TestUser): Promise<{ type: number; message: string }[]> {
  const answer = await call<{ type: number; message: string }[]>(server, 'POST', '/notification/list', user);
  return (answer.data ?? []).filter((note) => WITHDRAWAL_TYPES.includes(note.type));
}

async function feesUnits(): Promise<bigint> {
  return (await systemBalances(server.context.db, 'fees')).find((row) => row.currency === 'USDT')?.balanceUnits ?? 0n;
}

/** Moves the user's last security change back by `ms` (the session would expire if the clock moved a day). */
async function securityChangeAgo(user: TestUser, ms: number): Promise<void> {
  await server.context.db.updateTable('user_security').set({ changed_at: server.context.now() - ms }).where('user_id', '=', BigInt(user.userId)).execute();
}

async function expectAuditClean(): Promise<void> {
  const report = await auditLedger(server.context.db);
  expect(report.problems).toEqual([]);
}

describe('config and quotas', () => {
  it('R-API-03 GET /finance/withdrawconfig lists each coin\'s networks with fee, minimum, maximum and address format, and the fiat terms', async () => {
    const answer = await call<WithdrawConfig>(server, 'GET', '/finance/withdrawconfig', null);
    expect(answer.errcode).toBe(0);
    const usdt = answer.data?.blockchain.find((coin) => coin.currency === 'USDT');
    expect(usdt?.networks.find((network) => network.network === 'TRC20')).toMatchObject({ fee: '1.000000', min: '10.000000', max: '100000.000000', confirmations: TRC20_CONFIRMATIONS, enabled: true });
    expect(answer.data?.fiat).toEqual([{ currency: 'USDT', fee: '1', min: '10', max: '50000' }]);
  });

  it('R-API-03 the quotas say the day\'s quota (VIP 0: twice the largest maximum), what today took and what is left', async () => {
    const user = await withdrawingUser(server);
    expect((await withdrawUsdt(server, user, '100')).errcode).toBe(0);
    const chain = await call<WithdrawQuota>(server, 'POST', '/finance/blockChainWithdrawQuota?currency=USDT', user);
    expect(chain.data).toMatchObject({ type: 'blockchain', dailyQuota: '200000.000000', usedToday: '100.000000', remainingToday: '199900.000000', available: '899.000000', blockedUntil: 0 });
    const fiat = await call<WithdrawQuota>(server, 'POST', '/finance/fiatWithdrawQuota', user);
    expect(fiat.data).toMatchObject({ type: 'fiat', currency: 'USDT', dailyQuota: '100000.000000', usedToday: '0.000000' });
    // VIP 2 and above: ten times.
    await server.context.db.updateTable('users').set({ vip_level: 3 }).where('id', '=', BigInt(user.userId)).execute();
    expect((await call<WithdrawQuota>(server, 'POST', '/finance/blockChainWithdrawQuota?currency=USDT', user)).data?.dailyQuota).toBe('1000000.000000');
  });
});

describe('POST /blockchain/withdraw', () => {
  it('R-API-03 R-ENT-13 holds amount plus fee at once, tells the user (256), and answers a repeat with the same withdrawal', async () => {
    const user = await withdrawingUser(server);
    const body = { currency: 'USDT', network: 'TRC20', address: trc20Address(), amount: '100', withdrawPassword: WITHDRAW_PASSWORD };
    const first = (await postWithdraw(server, user, body, { key: 'repeat-key-1' })).json<Answer<Withdrawal>>();
    expect(first.errcode).toBe(0);
    expect(first.data).toMatchObject({ status: 'submitted', amount: '100.000000', fee: '1.000000', network: 'TRC20', via: 'direct', type: 'blockchain', txid: null });
    const again = (await postWithdraw(server, user, body, { key: 'repeat-key-1' })).json<Answer<Withdrawal>>();
    expect(again.data?.id).toBe(first.data?.id);
    const other = (await postWithdraw(server, user, { ...body, amount: '50' }, { key: 'repeat-key-1' })).json<Answer>();
    expect(other.errcode).toBe(ERRCODES.idempotencyConflict);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 899n * USDT, held: 101n * USDT });
    expect(await notificationsOf(user)).toEqual([expect.objectContaining({ type: NOTIFICATION_TYPE.withdrawalSubmission })]);
    await expectAuditClean();
  });

  it('refuses an address of another format, amounts outside the bounds, more than the quota left, and more than the balance', async () => {
    const user = await withdrawingUser(server, '300000');
    expect((await withdrawUsdt(server, user, '100', { address: '0x0000000000000000000000000000000000000000' })).errcode).toBe(ERRCODES.withdrawAddressInvalid);
    expect((await withdrawUsdt(server, user, '9.99')).errcode).toBe(ERRCODES.withdrawAmountBelowMin);
    expect((await withdrawUsdt(server, user, '100000.01')).errcode).toBe(ERRCODES.withdrawAmountAboveMax);
    expect((await withdrawUsdt(server, user, '100000')).errcode).toBe(0);
    expect((await withdrawUsdt(server, user, '100000', { network: 'ERC20', address: `0x${'a'.repeat(40)}` })).errcode).toBe(0);
    // 200000 of today's 200000 taken: the quota refuses before the balance would.
    expect((await withdrawUsdt(server, user, '10')).errcode).toBe(ERRCODES.withdrawQuotaExceeded);
    // The next UTC day starts a new quota.
    server.advance(86_400_000);
    const poor = await withdrawingUser(server, '50');
    expect((await withdrawUsdt(server, poor, '50')).errcode).toBe(ERRCODES.insufficientBalance);
    expect(await usdtUnits(server, poor.userId)).toEqual({ available: 50n * USDT, held: 0n });
  });

  it('R-CLI-06 errcode 101 without the withdrawal password, or without the GA code when GA is bound', async () => {
    const user = await withdrawingUser(server);
    expect((await withdrawUsdt(server, user, '20', { withdrawPassword: undefined })).errcode).toBe(101);
    const secret = await bindGa(server, user);
    // Binding GA starts the 24 h cool-off: as if it ended.
    await securityChangeAgo(user, 24 * 3_600_000 + 60_000);
    toMiddleOfStep(server);
    expect((await withdrawUsdt(server, user, '20')).errcode).toBe(101);
    expect((await withdrawUsdt(server, user, '20', { gaCode: codeAt(server, secret) })).errcode).toBe(0);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 979n * USDT, held: 21n * USDT });
  });

  it('refuses during the cool-off of a security change', async () => {
    const user = await withdrawingUser(server);
    await securityChangeAgo(user, 0);
    expect((await withdrawUsdt(server, user, '20')).errcode).toBe(ERRCODES.withdrawalCoolOff);
    const quota = await call<WithdrawQuota>(server, 'POST', '/finance/blockChainWithdrawQuota?currency=USDT', user);
    expect(quota.data?.blockedUntil).toBeGreaterThan(server.context.now());
    await securityChangeAgo(user, 24 * 3_600_000 + 1);
    expect((await withdrawUsdt(server, user, '20')).errcode).toBe(0);
  });

  it(`locks withdrawals after ${WITHDRAW_PASSWORD_FAILURES_MAX} wrong passwords, even the right one, until the lock ends`, async () => {
    const user = await withdrawingUser(server);
    for (let attempt = 0; attempt < WITHDRAW_PASSWORD_FAILURES_MAX; attempt += 1) {
      expect((await withdrawUsdt(server, user, '20', { withdrawPassword: 'Wrong1234' })).errcode).toBe(ERRCODES.withdrawPasswordWrong);
    }
    expect((await withdrawUsdt(server, user, '20')).errcode).toBe(ERRCODES.withdrawLocked);
    expect((await call<WithdrawQuota>(server, 'POST', '/finance/blockChainWithdrawQuota?currency=USDT', user)).data?.blockedUntil).toBeGreaterThan(server.context.now());
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 1000n * USDT, held: 0n });
    server.advance(WITHDRAW_LOCK_MS + 1);
    expect((await withdrawUsdt(server, user, '20')).errcode).toBe(0);
    // Another user is not locked by it.
    const other = await withdrawingUser(server);
    expect((await withdrawUsdt(server, other, '20')).errcode).toBe(0);
  });

  it(`counts wrong passwords sent all at once one by one: ${WITHDRAW_PASSWORD_FAILURES_MAX} are checked, the rest meet the lock`, async () => {
    const user = await withdrawingUser(server);
    const guesses = await Promise.all(Array.from({ length: 12 }, () => withdrawUsdt(server, user, '20', { withdrawPassword: 'Wrong1234' })));
    const codes = guesses.map((answer) => answer.errcode);
    expect(codes.filter((code) => code === ERRCODES.withdrawPasswordWrong)).toHaveLength(WITHDRAW_PASSWORD_FAILURES_MAX);
    expect(codes.filter((code) => code === ERRCODES.withdrawLocked)).toHaveLength(12 - WITHDRAW_PASSWORD_FAILURES_MAX);
    expect((await withdrawUsdt(server, user, '20')).errcode).toBe(ERRCODES.withdrawLocked);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 1000n * USDT, held: 0n });
    server.advance(WITHDRAW_LOCK_MS + 1);
  });

  it('R-API-03 POST /udun/withdraw takes the same rules and records the custody path', async () => {
    const user = await withdrawingUser(server);
    const body = { currency: 'USDT', network: 'TRC20', address: trc20Address(), amount: '30', withdrawPassword: WITHDRAW_PASSWORD };
    const answer = (await postWithdraw(server, user, body, { path: '/udun/withdraw' })).json<Answer<Withdrawal>>();
    expect(answer.data).toMatchObject({ via: 'custody', type: 'blockchain', status: 'submitted' });
    expect((await postWithdraw(server, user, { ...body, withdrawPassword: undefined }, { path: '/udun/withdraw' })).json<Answer>().errcode).toBe(101);
  });
});

describe('review by operators', () => {
  it('R-ENT-13 approve sends it on the chain; at the network\'s confirmations it completes once: amount out, fee to the fees account, notification 1024', async () => {
    const user = await withdrawingUser(server);
    const made = await withdrawUsdt(server, user, '100');
    const id = made.data!.id;
    const queue = await call<OperatorWithdrawal[]>(server, 'GET', '/operator/withdrawals', operator());
    expect(queue.data?.map((row) => row.id)).toContain(id);
    expect((await call(server, 'GET', '/operator/withdrawals', user)).errcode).not.toBe(0);
    const feesBefore = await feesUnits();

    const approved = await call<OperatorWithdrawal>(server, 'POST', `/operator/withdrawals/approve?id=${id}`, operator());
    expect(approved.data).toMatchObject({ status: 'broadcast', confirmations: 0 });
    expect(approved.data?.txid).toMatch(/^[0-9a-f]{64}$/);
    // Approving twice: once.
    expect((await call(server, 'POST', `/operator/withdrawals/approve?id=${id}`, operator())).errcode).toBe(ERRCODES.withdrawalNotPending);
    expect((await call(server, 'POST', `/finance/withdraw_cancel?id=${id}`, user)).errcode).toBe(ERRCODES.withdrawalNotPending);

    mineBlocks(server, TRC20_CONFIRMATIONS - 1);
    await newRound(server).runNow();
    let history = await call<{ list: Withdrawal[] }>(server, 'POST', '/finance/withdraw_history', user);
    expect(history.data?.list[0]).toMatchObject({ id, status: 'broadcast', confirmations: TRC20_CONFIRMATIONS - 1 });
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 899n * USDT, held: 101n * USDT });

    mineBlocks(server, 1);
    await Promise.all([newRound(server).runNow(), newRound(server).runNow()]);
    await newRound(server).runNow();
    history = await call<{ list: Withdrawal[] }>(server, 'POST', '/finance/withdraw_history', user);
    expect(history.data?.list[0]).toMatchObject({ id, status: 'completed', confirmations: TRC20_CONFIRMATIONS });
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 899n * USDT, held: 0n });
    expect((await feesUnits()) - feesBefore).toBe(USDT);
    const sent = await server.context.db.selectFrom('chain_sim_transactions').select('amount_units').where('txid', '=', approved.data!.txid!).execute();
    expect(sent).toEqual([{ amount_units: 100n * USDT }]);
    const settled = await server.context.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'withdrawal').where('memo', '=', String(id)).execute();
    expect(settled).toHaveLength(1);
    expect((await notificationsOf(user)).map((note) => note.type)).toEqual([NOTIFICATION_TYPE.withdrawalCompletion, NOTIFICATION_TYPE.withdrawalSubmission]);
    await expectAuditClean();
  });

  it('R-ENT-13 a rejection releases the hold exactly and tells the user why (512)', async () => {
    const user = await withdrawingUser(server, '123.456789');
    const made = await withdrawUsdt(server, user, '100.123456');
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 22_333_333n, held: 101_123_456n });
    const rejected = await call<OperatorWithdrawal>(server, 'POST', `/operator/withdrawals/reject?id=${made.data!.id}`, operator(), { reason: 'Address on a sanctions list' });
    expect(rejected.data).toMatchObject({ status: 'rejected', rejectReason: 'Address on a sanctions list' });
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 123_456_789n, held: 0n });
    expect((await call(server, 'POST', `/operator/withdrawals/reject?id=${made.data!.id}`, operator(), { reason: 'again' })).errcode).toBe(ERRCODES.withdrawalNotPending);
    const [note] = await notificationsOf(user);
    expect(note).toMatchObject({ type: NOTIFICATION_TYPE.withdrawalCancellation });
    expect(note?.message).toContain('Address on a sanctions list');
    // Released funds count no more against the day's quota.
    expect((await call<WithdrawQuota>(server, 'POST', '/finance/blockChainWithdrawQuota?currency=USDT', user)).data?.usedToday).toBe('0.000000');
    await expectAuditClean();
  });

  it('fiat to the user\'s own bank account: approved, then completed when marked paid; another user\'s account is refused', async () => {
    const user = await withdrawingUser(server);
    const stranger = await withdrawingUser(server);
    const account = await call<{ id: number }>(server, 'POST', '/bankaccount', stranger, { holderName: 'Ann Smith', bankName: 'First Bank', accountNumber: 'DE89370400440532013000' });
    const own = await call<{ id: number }>(server, 'POST', '/bankaccount', user, { holderName: 'Bob Jones', bankName: 'First Bank', accountNumber: 'GB29NWBK60161331926819' });
    const fiat = (body: Record<string, unknown>) => postWithdraw(server, user, { currency: 'USDT', amount: '100', withdrawPassword: WITHDRAW_PASSWORD, ...body }, { path: '/fiat/withdraw' });
    expect((await fiat({ bankAccountId: account.data!.id })).json<Answer>().errcode).toBe(ERRCODES.bankAccountNotFound);
    const made = (await fiat({ bankAccountId: own.data!.id })).json<Answer<Withdrawal>>();
    expect(made.data).toMatchObject({ type: 'fiat', status: 'submitted', bankName: 'First Bank', accountTail: '6819', fee: '1.000000', network: null });
    const id = made.data!.id;
    expect((await call(server, 'POST', `/operator/withdrawals/paid?id=${id}`, operator())).errcode).toBe(ERRCODES.withdrawalNotPending);
    const approved = await call<OperatorWithdrawal>(server, 'POST', `/operator/withdrawals/approve?id=${id}`, operator());
    expect(approved.data).toMatchObject({ status: 'approved', accountNumber: 'GB29NWBK60161331926819', holderName: 'Bob Jones' });
    expect((await call<OperatorWithdrawal[]>(server, 'GET', '/operator/withdrawals', operator())).data?.map((row) => row.id)).toContain(id);
    const paid = await call<OperatorWithdrawal>(server, 'POST', `/operator/withdrawals/paid?id=${id}`, operator());
    expect(paid.data).toMatchObject({ status: 'completed' });
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 899n * USDT, held: 0n });
    expect((await call(server, 'POST', `/operator/withdrawals/paid?id=${id}`, operator())).errcode).toBe(ERRCODES.withdrawalNotPending);
    await expectAuditClean();
  });
});

describe('the user\'s own withdrawals', () => {
  it('cancel releases a submitted withdrawal; no user reads or cancels another\'s', async () => {
    const owner = await withdrawingUser(server);
    const stranger: TestUser = await createTestUser(server);
    const made = await withdrawUsdt(server, owner, '40');
    const id = made.data!.id;
    expect((await call(server, 'POST', `/finance/withdraw_cancel?id=${id}`, stranger)).errcode).toBe(ERRCODES.withdrawalNotFound);
    const theirs = await call<{ total: number; list: Withdrawal[] }>(server, 'POST', '/finance/withdraw_history', stranger);
    expect(theirs.data).toEqual({ total: 0, list: [] });
    expect(await usdtUnits(server, owner.userId)).toEqual({ available: 959n * USDT, held: 41n * USDT });
    const cancelled = await call<Withdrawal>(server, 'POST', `/finance/withdraw_cancel?id=${id}`, owner);
    expect(cancelled.data).toMatchObject({ id, status: 'cancelled' });
    expect(await usdtUnits(server, owner.userId)).toEqual({ available: 1000n * USDT, held: 0n });
    expect((await call(server, 'POST', `/finance/withdraw_cancel?id=${id}`, owner)).errcode).toBe(ERRCODES.withdrawalNotPending);
    const history = await call<{ total: number; list: Withdrawal[] }>(server, 'POST', '/finance/withdraw_history', owner, { status: 'cancelled' });
    expect(history.data?.total).toBe(1);
    expect((await notificationsOf(owner))[0]?.type).toBe(NOTIFICATION_TYPE.withdrawalCancellation);
    await expectAuditClean();
  });

  it('a visitor gets 401 from the user calls', async () => {
    const response = await postWithdraw(server, { headers: {} } as TestUser, { currency: 'USDT' });
    expect(response.statusCode).toBe(401);
  });
});
