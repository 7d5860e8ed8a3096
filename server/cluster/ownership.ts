/**
 * Which instance holds each exchange market's book (ARCHITECTURE.md, "Cluster"; issue 19,
 * decision 5). On PostgreSQL an instance holds market M while its own connection, kept for the
 * instance's life, holds `pg_try_advisory_lock(ENGINE_LOCK_KEY, M)`. The lock ends with that
 * session: a SIGKILLed holder's socket closes and the database frees its markets at once, with no
 * lease to renew and no clock to trust.
 *
 * Taking M: the lock, then one piece of the group commit that raises engine_owners.epoch for M,
 * records this instance's INTERNAL_URL and rebuilds M's book from the database (Engine.holdMarket).
 * Every engine command piece first matches this instance's epoch (fence): a holder deposed while
 * it still ran (its lock connection dropped) is refused before it writes, and the new holder's
 * bump waits for any piece of the old one that already matched, so no write lands on the book
 * after the new holder read it.
 *
 * Spreading: every live instance holds a shared presence lock, so the live count comes from
 * pg_locks with no heartbeat. Each round (every ROUND_MS or so) an instance takes free markets
 * up to ceil(markets / live instances) and gives up what it holds beyond that, so three instances
 * share the books (and the commit work) instead of the first one up holding all of them, and a
 * dead instance's markets are taken by the survivors (now below their larger share) within a
 * round or two. First come alone would make one instance every market's writer.
 */
import pg from 'pg';
import type { AppContext } from '../context';
import { refuse } from '../core/errors';
import type { Engine } from '../engine/engine';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { claimMarket, ENGINE_LOCK_KEY, lockedMarkets, matchEpoch, PRESENCE_LOCK_KEY } from './owners-repo';

/** How often an instance looks for markets to take or give up; a little randomness keeps instances from trying in step. */
export const ROUND_MS = 1_000;
const ROUND_JITTER_MS = 250;

export interface OwnershipOptions {
  databaseUrl: string;
  instanceId: string;
  internalUrl: string;
}

export class EngineOwnership {
  private client: pg.Client | undefined;
  /** The markets held here, with the epoch this instance raised for each. */
  private readonly epochs = new Map<number, bigint>();
  /** The markets the rounds have seen: a market new to them (at boot, or added by an operator since) has its book emptied until it is taken here. */
  private readonly seen = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private round: Promise<void> = Promise.resolve();

  constructor(
    private readonly context: AppContext,
    private readonly engine: Engine,
    private readonly options: OwnershipOptions,
  ) {}

  /** Takes this instance's share of the markets (every market when it is alone), then keeps looking every round. */
  start(): Promise<void> {
    return this.runRound();
  }

  holds(symbolId: number): boolean {
    return this.epochs.has(symbolId);
  }

  heldMarkets(): number[] {
    return [...this.epochs.keys()];
  }

  /** The first statement of every engine command piece (Engine's routing.fence). */
  async fence(trx: Transaction<Database>, symbolId: number): Promise<void> {
    const epoch = this.epochs.get(symbolId);
    if (epoch === undefined) refuse('clusterNotOwner');
    if (await matchEpoch(trx, symbolId, epoch)) return;
    this.context.log?.error({ symbolId, epoch: String(epoch) }, 'another instance took this market: refusing its commands here');
    // Its lock too, or nobody could take the market back while this instance lives.
    const client = this.client;
    this.drop(symbolId);
    void client?.query('select pg_advisory_unlock($1, $2)', [ENGINE_LOCK_KEY, symbolId]).catch(() => undefined);
    refuse('clusterNotOwner');
  }

  /** Gives every market up (the lock session ends) and stops looking. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.round;
    for (const symbolId of this.heldMarkets()) this.drop(symbolId);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private runRound(): Promise<void> {
    this.round = this.round.then(() => this.takeShare()).catch((error: unknown) => {
      this.context.log?.error({ err: error }, 'engine ownership round failed; trying again');
    }).finally(() => this.schedule());
    return this.round;
  }

  private schedule(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runRound(), ROUND_MS + Math.floor(Math.random() * ROUND_JITTER_MS));
    this.timer.unref();
  }

  private async takeShare(): Promise<void> {
    if (this.closed) return;
    const client = await this.connection();
    // Delisted markets too: delisting cancels their open orders through their holder.
    const markets = this.engine.marketIds();
    // Until a round takes them, this instance holds no book: nothing here may read a copy that does not follow the database.
    for (const symbolId of markets) {
      if (this.seen.has(symbolId)) continue;
      this.seen.add(symbolId);
      if (!this.holds(symbolId)) this.engine.releaseMarket(symbolId);
    }
    const { live, held } = await lockedMarkets(this.context.db);
    const share = Math.ceil(markets.length / Math.max(1, live));
    for (const symbolId of this.heldMarkets().slice(share)) await this.giveUp(client, symbolId);
    const free = shuffle(markets.filter((symbolId) => !held.has(symbolId)));
    for (const symbolId of free) {
      if (this.closed || this.epochs.size >= share) break;
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [ENGINE_LOCK_KEY, symbolId]);
      if (rows[0]?.locked === true) await this.take(client, symbolId);
    }
  }

  private async take(client: pg.Client, symbolId: number): Promise<void> {
    let epoch: bigint | undefined;
    try {
      await this.engine.holdMarket(symbolId, async (trx) => {
        epoch = await claimMarket(trx, symbolId, this.options.instanceId, this.options.internalUrl, this.context.now());
      });
    } catch (error) {
      this.context.log?.error({ err: error, symbolId }, 'taking a market failed; giving its lock back');
      await this.giveUp(client, symbolId);
      return;
    }
    if (this.client !== client) return; // the lock connection died meanwhile: the lock with it
    this.epochs.set(symbolId, epoch!);
    this.context.log?.info({ symbolId, epoch: String(epoch) }, 'this instance holds the market now');
  }

  private async giveUp(client: pg.Client, symbolId: number): Promise<void> {
    this.drop(symbolId);
    await client.query('select pg_advisory_unlock($1, $2)', [ENGINE_LOCK_KEY, symbolId]);
  }

  /** Stops serving a market here: its book is emptied and its commands are refused (and so forwarded). */
  private drop(symbolId: number): void {
    this.epochs.delete(symbolId);
    this.engine.releaseMarket(symbolId);
  }

  /** The lock connection, opened with the presence lock; when it fails, every lock went with it. */
  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true, application_name: `engine-owner ${this.options.instanceId}` });
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.context.log?.error({ err: error }, 'the engine lock connection failed: every market it held is given up');
      for (const symbolId of this.heldMarkets()) this.drop(symbolId);
      void client.end().catch(() => undefined);
    });
    await client.connect();
    await client.query('select pg_advisory_lock_shared($1, 0)', [PRESENCE_LOCK_KEY]);
    this.client = client;
    return client;
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
