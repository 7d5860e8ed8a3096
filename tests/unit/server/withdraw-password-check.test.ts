/**
 * Proves where a withdrawal's password check runs: argon2id takes tens of milliseconds, and a
 * commit piece that waited for it would hold up every other piece of its batch (on SQLite, every
 * order of that moment). The check is held open here (the password module's verify waits on a
 * gate the test opens): an order placed meanwhile is answered, and a hash changed meanwhile is
 * checked again in the piece, so the verdict of an old hash never lets a withdrawal through.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../../server/modules/account/password';
import { ERRCODES } from '../../../src/shared/errcodes';
import { createTestUser, creditUser } from '../../helpers/auth';
import { callApi } from '../../helpers/inject';
import { buildTestServer, type TestServer } from '../../helpers/server';
import { usdtUnits, WITHDRAW_PASSWORD, withdrawingUser, withdrawUsdt } from '../../helpers/withdraw';

/** The gate the withdrawal password's verification waits on while a test holds it closed. */
const gate = vi.hoisted(() => ({ closed: null as Promise<void> | null, reached: () => {} }));

vi.mock('../../../server/modules/account/password', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../server/modules/account/password')>();
  return {
    ...original,
    async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
      const matches = await original.verifyPassword(passwordHash, password);
      if (gate.closed && password === 'Withdraw123') {
        gate.reached();
        await gate.closed;
      }
      return matches;
    },
  };
});

/** How long a test waits for what must happen while the check is held before it calls it stuck. */
const STUCK_MS = 15_000;

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ demoMode: false });
});
afterAll(async () => {
  await server.close();
});

/** Closes the gate; answers when a verification is waiting at it and the function that opens it. */
function closeGate(): { reached: Promise<void>; open: () => void } {
  let open!: () => void;
  gate.closed = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (gate.reached = resolve));
  return {
    reached,
    open: () => {
      gate.closed = null;
      open();
    },
  };
}

function withinStuckLimit<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not finish while a withdrawal's password was being checked`)), STUCK_MS))]);
}

describe("a withdrawal's password check", () => {
  it('runs before the commit piece: an order placed while it runs is answered first', async () => {
    expect(WITHDRAW_PASSWORD).toBe('Withdraw123');
    const user = await withdrawingUser(server);
    const trader = await createTestUser(server);
    await creditUser(server, trader.userId, 'USDT', '1000');
    const held = closeGate();
    const withdrawal = withdrawUsdt(server, user, '20');
    await held.reached;
    const order = await withinStuckLimit(
      callApi(server, 'POST', '/exchange/create', { as: trader, payload: { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' } }),
      'an order',
    );
    expect(order.json<{ errcode: number }>().errcode).toBe(0);
    held.open();
    expect((await withdrawal).errcode).toBe(0);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 979_000_000n, held: 21_000_000n });
  });

  it('is made again in the piece when the password changed while it ran', async () => {
    const user = await withdrawingUser(server);
    const held = closeGate();
    const withdrawal = withdrawUsdt(server, user, '20');
    await held.reached;
    const otherHash = await hashPassword('Another456', server.context.config.passwordHashMemoryKib);
    await server.context.db.updateTable('user_security').set({ withdraw_password_hash: otherHash }).where('user_id', '=', BigInt(user.userId)).execute();
    held.open();
    expect((await withdrawal).errcode).toBe(ERRCODES.withdrawPasswordWrong);
    expect(await usdtUnits(server, user.userId)).toEqual({ available: 1_000_000_000n, held: 0n });
  });
});
