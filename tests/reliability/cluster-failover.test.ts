/**
 * Engine failover across instances (issue 19, decision 5): three real server processes on one
 * local PostgreSQL take orders on BTC_USDT through all three; the instance holding BTC_USDT's book
 * is killed with SIGKILL under that load. Another instance takes the market within seconds and
 * orders are acknowledged again; every order any instance acknowledged is in the database; the
 * ledger audit is clean; and the book every surviving instance answers is the open orders stored.
 *
 * PostgreSQL: TEST_DATABASE_URL's server when set, else one started here (scripts/lib/local-postgres.ts
 * installs it when missing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerChild } from '../../scripts/lib/child';
import { startLocalPostgres, type LocalPostgres } from '../../scripts/lib/local-postgres';
import { ADMIN_TOKEN_FILE } from '../../server/boot';
import { freePort } from '../helpers/freePort';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../helpers/postgres';
import { signIn, waitForServer } from './support/http';

const BTC_USDT = 301;
/** How soon another instance must hold the market after its holder died: a few ownership rounds. */
const TAKEOVER_MAX_MS = 10_000;
/** Every wait below is bounded, so that a run that goes wrong says where instead of timing out. */
const BOOT_MAX_MS = 90_000;
const FIRST_ORDERS_MAX_MS = 60_000;
const AFTER_TAKEOVER_MAX_MS = 20_000;
const REQUEST_MAX_MS = 30_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-cluster-failover-'));
const children = new Map<number, ServerChild>();
let postgres: LocalPostgres | undefined;
let database: TestDatabase | undefined;

const base = (port: number) => `http://127.0.0.1:${port}/api/v1`;

function startServer(port: number, databaseUrl: string): void {
  const server = spawnServer(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      INSTANCE_ID: `failover-${port}`,
      WEB_ROOT: '',
      ROBOTS: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      PASSWORD_HASH_MEMORY_KIB: '1024',
    },
  }, 'SIGKILL');
  children.set(port, server);
}

/** What the run did so far, for the message of a wait that ran out. */
const trace: string[] = [];
const startedAt = Date.now();
function mark(what: string): void {
  trace.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${what}`);
}

async function waitUntil(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string, state: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) {
      const logs = [...children].map(([port, server]) => `instance ${port} (exit ${server.child.exitCode ?? server.child.signalCode ?? 'none'}):\n${server.log().slice(-1500)}`).join('\n');
      throw new Error(`${what}: not within ${timeoutMs} ms\n${state()}\n${trace.join('\n')}\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  mark(what);
}

/** The port of the instance holding BTC_USDT now (its lock is held and its row names it), if any. */
async function holderPort(client: pg.Client): Promise<number | undefined> {
  const { rows } = await client.query<{ internal_url: string }>(
    `select internal_url from engine_owners o where symbol_id = $1 and exists (
       select 1 from pg_locks l where l.locktype = 'advisory' and l.objsubid = 2 and l.granted
         and l.classid::bigint = ${0x656e67} and l.objid::bigint = $1
         and l.database = (select oid from pg_database where datname = current_database()))`,
    [BTC_USDT],
  );
  const url = rows[0]?.internal_url;
  return url === undefined ? undefined : Number(new URL(url).port);
}

afterAll(async () => {
  for (const server of children.values()) server.child.kill('SIGKILL');
  await database?.drop().catch(() => undefined);
  await postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('engine failover across three instances', () => {
  it('another instance takes BTC_USDT within seconds of its holder\'s SIGKILL; every acknowledged order is kept and the audit is clean', async () => {
    const adminUrl = testPostgresUrl() ?? (postgres = await startLocalPostgres({ port: await freePort(), database: 'postgres', synchronousCommit: false })).adminUrl;
    mark('PostgreSQL up');
    database = await createTestDatabase(adminUrl);
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    // The first instance seeds the database and writes the admin token the others sign with.
    startServer(ports[0]!, database.url);
    await waitForServer(base(ports[0]!), BOOT_MAX_MS);
    mark('first instance up');
    for (const port of ports.slice(1)) startServer(port, database.url);
    await Promise.all(ports.slice(1).map((port) => waitForServer(base(port), BOOT_MAX_MS)));
    mark('three instances up');

    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined); // PostgreSQL stopping after a failed run ends this session too
    await client.connect();
    let stop = false;
    try {
      const traders = [await signIn(base(ports[0]!), 'trader1@demo.exchange'), await signIn(base(ports[0]!), 'trader2@demo.exchange')];
      const acknowledged: number[] = [];
      let acknowledgedAfterTakeover = 0;
      let takenOver = false;
      let killedPort: number | undefined = undefined; // set once the holder is known; read by the traders before that
      let sent = 0;
      const refusals = new Map<string, number>();
      const count = (key: string) => refusals.set(key, (refusals.get(key) ?? 0) + 1);
      const state = () => `sent ${sent}, acknowledged ${acknowledged.length} (${acknowledgedAfterTakeover} after the takeover), not acknowledged: ${JSON.stringify(Object.fromEntries(refusals))}`;
      // Every trader sends through every instance, so most orders are forwarded to the holder.
      const load = ports.flatMap((port, portIndex) =>
        traders.map(async (headers, index) => {
          for (let step = 0; !stop && step < 5_000; step += 1) {
            const side = (step + index + portIndex) % 2 === 0 ? 'buy' : 'sell';
            const price = (60_000 + ((step * 37 + index * 11 + portIndex * 5) % 400)).toFixed(2);
            sent += 1;
            try {
              const response = await fetch(`${base(port)}/exchange/create`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ symbol: 'BTC_USDT', side, type: 'limit', price, quantity: '0.001' }),
                signal: AbortSignal.timeout(REQUEST_MAX_MS),
              });
              const text = await response.text();
              const body = JSON.parse(text) as { errcode: number; data?: { id: number } };
              if (body.errcode === 0 && body.data) {
                acknowledged.push(body.data.id);
                if (takenOver) acknowledgedAfterTakeover += 1;
              } else {
                count(`errcode ${body.errcode}`);
              }
            } catch (error) {
              // The killed instance's orders were never acknowledged; any other failure is counted
              // (and shown if a wait runs out) and the trader goes on.
              if (port === killedPort) return;
              count(`${(error as Error).name}: ${(error as Error).message}`.slice(0, 120));
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
        }),
      );

      await waitUntil(() => acknowledged.length >= 150, FIRST_ORDERS_MAX_MS, '150 orders acknowledged', state);
      killedPort = await holderPort(client);
      expect(killedPort).toBeDefined();
      children.get(killedPort!)!.child.kill('SIGKILL');
      const killedAt = Date.now();
      let newHolder: number | undefined;
      await waitUntil(async () => {
        newHolder = await holderPort(client);
        return newHolder !== undefined && newHolder !== killedPort;
      }, TAKEOVER_MAX_MS, 'BTC_USDT taken over', state);
      const takeoverMs = Date.now() - killedAt;
      takenOver = true;
      await waitUntil(() => acknowledgedAfterTakeover >= 50, AFTER_TAKEOVER_MAX_MS, '50 orders acknowledged after the takeover', state);
      stop = true;
      await Promise.all(load);
      expect(sent).toBeGreaterThan(acknowledged.length);

      const { rows } = await client.query<{ id: string }>('select id::text as id from orders');
      const stored = new Set(rows.map((row) => Number(row.id)));
      const missing = acknowledged.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);

      const survivors = ports.filter((port) => port !== killedPort);
      const token = fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
      const audit = (await (await fetch(`${base(survivors[0]!)}/operator/audit`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { ok: boolean; problems: string[] } };
      expect(audit.data.problems).toEqual([]);
      expect(audit.data.ok).toBe(true);

      // The holder's book is the open orders stored, and every survivor answers it.
      const levels = await client.query<{ side: string; price_ticks: string; lots: string }>(
        `select side, price_ticks::text as price_ticks, sum(quantity_lots - filled_lots)::text as lots from orders
         where status = 'open' and type = 'limit' and symbol_id = $1 group by side, price_ticks`,
        [BTC_USDT],
      );
      const format = (level: { price_ticks: string; lots: string }): [string, string] => [(Number(level.price_ticks) / 100).toFixed(2), (Number(level.lots) / 1_000_000).toFixed(6)];
      const storedBids = levels.rows.filter((level) => level.side === 'buy').sort((a, b) => Number(b.price_ticks) - Number(a.price_ticks)).map(format);
      const storedAsks = levels.rows.filter((level) => level.side === 'sell').sort((a, b) => Number(a.price_ticks) - Number(b.price_ticks)).map(format);
      expect(storedBids.length + storedAsks.length).toBeGreaterThan(0);
      for (const port of survivors) {
        const depth = (await (await fetch(`${base(port)}/quotation/full_quote?id=${BTC_USDT}`)).json()) as { data: { depth: { bids: [string, string][]; asks: [string, string][] } } };
        const book = depth.data.depth;
        expect(book.bids).toEqual(storedBids.slice(0, book.bids.length));
        expect(book.asks).toEqual(storedAsks.slice(0, book.asks.length));
        expect(book.bids.length).toBe(Math.min(storedBids.length, Math.max(book.bids.length, 20)));
        expect(book.asks.length).toBe(Math.min(storedAsks.length, Math.max(book.asks.length, 20)));
      }
      console.info(`cluster failover: ${sent} orders sent through three instances, ${acknowledged.length} acknowledged (${acknowledgedAfterTakeover} after the takeover), all present; BTC_USDT taken over ${takeoverMs} ms after its holder's SIGKILL; audit clean`);
    } finally {
      stop = true; // a failed wait leaves no trader sending
      await client.end();
    }
  }, 300_000);
});
