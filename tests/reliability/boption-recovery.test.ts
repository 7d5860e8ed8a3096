/**
 * Proves that binary options settle exactly once across crashes: a real server process (robots on,
 * so that the index moves; options of 3 and 5 seconds by BOPTION_EXTRA_PERIODS) takes options from
 * a trader over HTTP and is killed with SIGKILL at random moments while they keep expiring, then
 * started again on the same data folder, several times. At the end every acknowledged option is
 * settled, each exactly once in the ledger, at the index recorded for its expiry instant (or
 * refunded as a tie when the server was down then), with its payout as the outcome says; the
 * ledger audit is clean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readDatabaseIn } from '../helpers/dataDir';
import { ADMIN_TOKEN_FILE } from '../../server/boot';
import { EXPIRY_PRICE_AGE_MAX_MS } from '../../server/modules/boption/settlement';
import { freePort } from '../helpers/freePort';
import { signIn, visitorHeaders } from './support/http';

const KILLS = 3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-boption-recovery-'));
let child: ChildProcess | undefined;
let base = '';

function startServer(port: number): ChildProcess {
  const processHandle = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: '',
      ROBOTS: 'on',
      BOPTION_EXTRA_PERIODS: '3,5',
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '1000',
      PASSWORD_HASH_MEMORY_KIB: '1024',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = processHandle;
  return processHandle;
}

async function waitForIndex(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/boption/config?id=101`, { method: 'POST', headers: await visitorHeaders(base), body: '{}' });
      const body = (await response.json()) as { errcode: number; data?: { indexPrice: string | null } };
      if (body.data?.indexPrice) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start with an index');
}

function killed(processHandle: ChildProcess): Promise<void> {
  processHandle.kill('SIGKILL');
  if (processHandle.exitCode !== null || processHandle.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => processHandle.once('exit', () => resolve()));
}

/** Places options until `stop` says so; answers the ids the server acknowledged. */
async function placeOptions(headers: Record<string, string>, stop: () => boolean): Promise<number[]> {
  const acknowledged: number[] = [];
  for (let step = 0; !stop(); step += 1) {
    const body = { symbol: 101 + (step % 2), direction: step % 3 === 0 ? 'down' : 'up', periodSeconds: step % 2 === 0 ? 3 : 5, stake: String(1 + (step % 5)) };
    try {
      const response = await fetch(`${base}/boption/create`, { method: 'POST', headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
      const answer = (await response.json()) as { errcode: number; data?: { id: number } };
      if (answer.errcode === 0 && answer.data) acknowledged.push(answer.data.id);
    } catch {
      return acknowledged; // the server died mid-request: that option was never acknowledged
    }
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return acknowledged;
}

interface OrderRow {
  id: number;
  direction: string;
  status: string;
  stake_units: number;
  win_profit_units: number;
  open_price_ticks: number;
  settle_price_ticks: number | null;
  payout_units: number | null;
  symbol_id: number;
  expires_at: number;
}

function readDatabase<T>(read: (database: SqliteDatabase.Database) => T): T {
  return readDatabaseIn(dataDir, read);
}

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('binary options after SIGKILL', () => {
  it('settles every acknowledged option exactly once, at the index recorded for its expiry', async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api/v1`;
    const acknowledged: number[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const server = startServer(port);
      await waitForIndex();
      const headers = await signIn(base, 'trader1@demo.exchange');
      // Kill at a random moment 2 to 7 s into the load: options of 3 and 5 s are expiring all the time.
      const killAt = Date.now() + 2_000 + Math.random() * 5_000;
      const load = placeOptions(headers, () => Date.now() >= killAt);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
      await killed(server);
      acknowledged.push(...(await load));
    }
    expect(acknowledged.length).toBeGreaterThan(0);

    // The last start settles what is left, at the prices recorded before the kill or by refund.
    startServer(port);
    await waitForIndex();
    const deadline = Date.now() + 60_000;
    while (readDatabase((database) => (database.prepare("select count(*) as open from boption_orders where status = 'open'").get() as { open: number }).open) > 0) {
      if (Date.now() > deadline) throw new Error('options still open a minute after the restart');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const token = fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
    const audit = (await (await fetch(`${base}/operator/audit`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { ok: boolean; problems: string[] } };
    expect(audit.data.problems).toEqual([]);

    const { orders, settlements, prices } = readDatabase((database) => {
      const rows = database.prepare('select * from boption_orders').all() as OrderRow[];
      const settled = database.prepare("select memo, count(*) as times from ledger_transactions where kind in ('boption:won', 'boption:lost', 'release:boption') group by memo").all() as { memo: string; times: number }[];
      const priceAt = database.prepare('select price_ticks from boption_index where symbol_id = ? and at <= ? and at >= ? order by at desc limit 1');
      const expiryPrice = (order: OrderRow) => (priceAt.get(order.symbol_id, order.expires_at, order.expires_at - EXPIRY_PRICE_AGE_MAX_MS) as { price_ticks: number } | undefined)?.price_ticks ?? null;
      return { orders: rows, settlements: new Map(settled.map((row) => [Number(row.memo), row.times])), prices: new Map(rows.map((order) => [order.id, expiryPrice(order)])) };
    });
    const byId = new Map(orders.map((order) => [order.id, order]));
    for (const id of acknowledged) expect(byId.has(id), `acknowledged option ${id}`).toBe(true);
    const outcomes = new Map<string, number>();
    for (const order of orders) {
      expect(order.status, `option ${order.id}`).not.toBe('open');
      expect(settlements.get(order.id), `settlements of option ${order.id}`).toBe(1);
      const price = prices.get(order.id) ?? null;
      expect(order.settle_price_ticks, `settle price of option ${order.id}`).toBe(price);
      const expected = price === null || price === order.open_price_ticks ? 'tie' : (price > order.open_price_ticks) === (order.direction === 'up') ? 'won' : 'lost';
      const outcome = price === null ? 'refunded' : expected;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      expect(order.status, `outcome of option ${order.id}`).toBe(expected);
      const payout = expected === 'won' ? order.stake_units + order.win_profit_units : expected === 'lost' ? 0 : order.stake_units;
      expect(order.payout_units, `payout of option ${order.id}`).toBe(payout);
    }
    console.info(`boption SIGKILL: ${KILLS} kills, ${acknowledged.length} options acknowledged, ${orders.length} stored, all settled exactly once at the index recorded for their expiry (${[...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(', ')}; refunded: no price recorded at the expiry instant)`);
  }, 300_000);
});
