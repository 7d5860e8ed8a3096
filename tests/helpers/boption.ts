/**
 * What the binary-option tests share: the calls of the area through app.inject (create with an
 * idempotency key), the index of an option's spot market set and sampled by the test at the
 * clock's instant (the server's own sampling is stopped, so that the test alone says what the
 * recorded index is), and the clock moved to an order's expiry.
 */
import crypto from 'node:crypto';
import { userBalances } from '../../server/ledger/ledger';
import type { BoptionOrder } from '../../src/shared/api/boption';
import { parseUnits } from '../../src/shared/money';
import { createTestUser, creditUser, type TestUser } from './auth';
import { callApi } from './inject';
import type { TestServer } from './server';

export interface Answer<T> {
  errcode: number;
  errmsg?: string;
  data: T;
}

/** The spot markets that price the option symbols 101-104, with their price precision. */
export const SPOT_OF_OPTION: Record<number, { spotId: number; precision: number }> = {
  101: { spotId: 301, precision: 2 },
  102: { spotId: 302, precision: 2 },
  103: { spotId: 303, precision: 2 },
  104: { spotId: 304, precision: 2 },
};

/** Stops the server's own sampling: the test samples at the instants it chooses. */
export function takeOverSampling(server: TestServer): void {
  server.app.prices.stop();
}

/** Sets the index of an option symbol's spot market now, samples it, and waits until its record is committed. */
export async function sampleIndex(server: TestServer, optionSymbolId: number, price: string): Promise<void> {
  const spot = SPOT_OF_OPTION[optionSymbolId]!;
  server.app.prices.setReference(spot.spotId, parseUnits(price, spot.precision), server.context.now());
  server.app.prices.sample();
  // Pieces commit in order: once this empty one has, the record queued before it has too.
  await server.context.commits.run(async () => undefined);
}

export async function createOption(
  server: TestServer,
  user: TestUser,
  body: { symbol?: number | string; direction?: 'up' | 'down'; periodSeconds?: number; stake?: string },
  key: string = crypto.randomUUID(),
): Promise<Answer<BoptionOrder>> {
  const payload = { symbol: 101, direction: 'up', periodSeconds: 30, stake: '10', ...body };
  return (await callApi(server, 'POST', '/boption/create', { as: user, payload, headers: { 'idempotency-key': key } })).json();
}

/** A call of the area with an empty body, as `user` or as a visitor's pre-session (startSession). */
export async function boptionCall<T>(server: TestServer, user: { headers: Record<string, string> } | null, url: string): Promise<Answer<T>> {
  return (await callApi(server, 'POST', url, { as: user, payload: {} })).json();
}

/** Moves the clock to `time` (never back). */
export function advanceTo(server: TestServer, time: number): void {
  const now = server.context.now();
  if (time > now) server.advance(time - now);
}

/** A new user with `usdt` USDT in the spot wallet. */
export async function fundedUser(server: TestServer, usdt = '1000'): Promise<TestUser> {
  const user = await createTestUser(server);
  await creditUser(server, user.userId, 'USDT', usdt);
  return user;
}

/** The user's spot USDT, available and held, in units. */
export async function spotUsdt(server: TestServer, user: TestUser): Promise<{ available: bigint; held: bigint }> {
  const spot = (await userBalances(server.context.db, user.userId)).find((balance) => balance.wallet === 'spot' && balance.currency === 'USDT');
  return { available: spot?.availableUnits ?? 0n, held: spot?.heldUnits ?? 0n };
}
