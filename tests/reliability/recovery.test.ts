/**
 * Proves that nothing acknowledged is lost: a real server process takes orders from two traders
 * over HTTP, is killed with SIGKILL in the middle of the load, and restarts on the same data
 * folder. Every order the first process acknowledged is in the database, the ledger audit passes,
 * and the rebuilt book equals the open orders stored in the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_FILE } from '../../server/boot';
import { serverProcessDatabase, type ServerProcessDatabase } from '../helpers/postgres';
import { signIn, waitForServer } from './support/http';

const PORT = 18_400 + Math.floor(Math.random() * 500);
const BASE = `http://127.0.0.1:${PORT}/api/v1`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-recovery-'));
let child: ChildProcess | undefined;
// SQLite in the data folder, or a PostgreSQL database of its own under `npm run test:pg`.
let serverDatabase: ServerProcessDatabase;

function startServer(): ChildProcess {
  const processHandle = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...serverDatabase.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: '', ROBOTS: 'off', LOG_LEVEL: 'error', RATE_LIMIT_SCALE: '1000', PASSWORD_HASH_MEMORY_KIB: '1024' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = processHandle;
  return processHandle;
}

beforeAll(async () => {
  serverDatabase = await serverProcessDatabase(dataDir);
});

afterAll(async () => {
  child?.kill('SIGKILL');
  if (child && child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child!.once('exit', resolve));
  await serverDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('recovery after SIGKILL', () => {
  it('keeps every acknowledged order, a clean ledger and the same book', async () => {
    const first = startServer();
    await waitForServer(BASE);
    const traders = [await signIn(BASE, 'trader1@demo.exchange'), await signIn(BASE, 'trader2@demo.exchange')];
    const acknowledged: number[] = [];
    let stop = false;
    let sent = 0;
    let answered = 0;
    const load = traders.map(async (headers, index) => {
      for (let step = 0; !stop && step < 2_000; step += 1) {
        const side = (step + index) % 2 === 0 ? 'buy' : 'sell';
        const price = (60_000 + ((step * 37 + index * 11) % 400)).toFixed(2);
        sent += 1;
        try {
          const response = await fetch(`${BASE}/exchange/create`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ symbol: 'BTC_USDT', side, type: 'limit', price, quantity: '0.001' }),
          });
          const body = (await response.json()) as { errcode: number; data?: { id: number } };
          answered += 1;
          if (body.errcode === 0 && body.data) acknowledged.push(body.data.id);
        } catch {
          return; // the server died mid-request: that order was never acknowledged
        }
      }
    });
    // Let orders flow, then kill the server while requests are in flight: each trader sends its
    // next order as soon as the last one is answered, so one of each is always on its way (some
    // may still be answered before the process dies; those must be kept like the rest).
    while (acknowledged.length < 150) await new Promise((resolve) => setTimeout(resolve, 20));
    const inFlightAtKill = sent - answered;
    first.kill('SIGKILL');
    stop = true;
    await Promise.all(load);
    if (first.exitCode === null && first.signalCode === null) await new Promise((resolve) => first.once('exit', resolve));
    expect(inFlightAtKill).toBeGreaterThan(0);

    startServer();
    await waitForServer(BASE);
    const token = fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
    const audit = (await (await fetch(`${BASE}/operator/audit`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { ok: boolean; problems: string[] } };
    expect(audit.data.problems).toEqual([]);
    expect(audit.data.ok).toBe(true);

    const database = serverDatabase.open();
    try {
      const stored = new Set((await database.db.selectFrom('orders').select('id').execute()).map((row) => Number(row.id)));
      for (const id of acknowledged) expect(stored.has(id)).toBe(true);
      const { rows } = await sql<{ side: string; price_ticks: bigint; lots: bigint }>`
        select side, price_ticks, sum(quantity_lots - filled_lots) as lots from orders
        where status = 'open' and type = 'limit' and symbol_id = 301 group by side, price_ticks
      `.execute(database.db);
      const openLevels = rows.map((row) => ({ side: row.side, price_ticks: Number(row.price_ticks), lots: Number(row.lots) }));
      const depth = (await (await fetch(`${BASE}/quotation/full_quote?id=301`)).json()) as { data: { depth: { bids: [string, string][]; asks: [string, string][] } } };
      const book = depth.data.depth;
      const format = (level: { price_ticks: number; lots: number }): [string, string] => [(level.price_ticks / 100).toFixed(2), (level.lots / 1_000_000).toFixed(6)];
      const storedBids = openLevels.filter((level) => level.side === 'buy').sort((a, b) => b.price_ticks - a.price_ticks).map(format);
      const storedAsks = openLevels.filter((level) => level.side === 'sell').sort((a, b) => a.price_ticks - b.price_ticks).map(format);
      // The snapshot is depth-limited: it must be the best levels of what the database holds.
      expect(book.bids).toEqual(storedBids.slice(0, book.bids.length));
      expect(book.asks).toEqual(storedAsks.slice(0, book.asks.length));
      expect(book.bids.length).toBe(Math.min(storedBids.length, Math.max(book.bids.length, 20)));
      expect(book.asks.length).toBe(Math.min(storedAsks.length, Math.max(book.asks.length, 20)));
      expect(storedBids.length + storedAsks.length).toBeGreaterThan(0);
      console.info(`SIGKILL under load: ${sent} orders sent, ${inFlightAtKill} in flight at the kill, ${acknowledged.length} acknowledged, all ${acknowledged.length} present after the restart, audit clean`);
    } finally {
      await database.close();
    }
  }, 180_000);
});
