/**
 * The risk loop (api/futures.ts): after every sampling round of the index prices, each futures
 * symbol's mark is put to the risk book (risk-book.ts), and every position it names is settled
 * once: a limit trigger opens its position, a take-profit or stop-loss closes it at the mark, a
 * liquidation closes it at its bankruptcy price. Each settlement is a step of settle.ts (its own
 * piece of the group commit, guarded by the status it leaves), so a position that the owner
 * closes meanwhile, or that a late round names again, settles once.
 *
 * The book lives in memory and is rebuilt from the pending and open positions at boot (rebuild),
 * before the first round: a restart loses no trigger, and the database's guards keep a step that
 * committed before the restart from happening again. A step that fails (the house short of funds,
 * say) is logged and its position left out of the book for a wait that doubles with each failure in
 * a row, from RETRY_FIRST_MS up to RETRY_MAX_MS; the first round after the wait arms it again, so it
 * settles at the latest one capped wait after the house is funded, and an unfunded house costs a log
 * line per position a minute rather than every second. The waits are in memory: a restart tries
 * every position again at once, which is what a restart after funding the house should do.
 *
 * Entry points for tests: `settleDue(symbolId, markTicks)` settles what one mark reaches, and
 * `runRound()` does what one sampling round does, with the marks of app.prices.
 */
import type { FuturesCloseReason } from '../../../src/shared/api/futures';
import { COMMIT_BATCH_MAX } from '../../db/commit-group';
import type { RiskTrigger } from './risk-book';
import * as repo from './repo';
import { followInBook, takeStep, type FuturesDeps, type Step } from './settle';
import { loadSymbolTerms, type SymbolTerms } from './terms';

function stepOf(trigger: RiskTrigger, markTicks: bigint): Step {
  return trigger === 'open' ? { kind: 'open', markTicks } : { kind: 'close', reason: trigger satisfies FuturesCloseReason, markTicks };
}

/** The wait after a position's first failed step; each further failure in a row doubles it, up to the cap. */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 60_000;

/** A position whose step failed: how many times in a row, and when it is armed again (undefined once it is). */
interface Waiting {
  failures: number;
  retryAt: number | undefined;
  /** When it was armed again: a position that has not failed for a capped wait since then starts over. */
  armedAt: number;
}

export class RiskLoop {
  /** The round under way, if any; a sample that arrives meanwhile asks for one more after it. */
  private running: Promise<void> | undefined;
  private again = false;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly deps: FuturesDeps) {}

  /** Puts every pending and open position in the book. */
  async rebuild(): Promise<number> {
    const rows = await repo.listLive(this.deps.context.db);
    for (const row of rows) followInBook(this.deps.book, row);
    return rows.length;
  }

  /** The listener of app.prices.onSampled: one round at a time, and one more if samples came during it. */
  onSampled(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runRound()
      .catch((error: unknown) => this.deps.context.log?.error({ err: error }, 'futures risk round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.onSampled();
        }
      });
  }

  /** Resolves once the round under way (and the one it asked for) has finished. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** One round: every futures symbol with a mark, through the book. */
  async runRound(): Promise<void> {
    await this.armWaited();
    if (this.deps.book.size === 0) return;
    const symbols = await loadSymbolTerms(this.deps.context.db, this.deps.prices, 'all');
    for (const symbol of symbols) {
      const mark = this.deps.prices.current(symbol.symbolId);
      if (mark) await this.settleSymbol(symbol, mark.priceTicks);
    }
  }

  /** Settles every position of a symbol that a mark reaches; answers how many moved. */
  async settleDue(symbolId: number, markTicks: bigint): Promise<number> {
    const symbol = (await loadSymbolTerms(this.deps.context.db, this.deps.prices, 'all')).find((candidate) => candidate.symbolId === symbolId);
    if (!symbol) throw new Error(`futures symbol ${symbolId} has no terms`);
    return this.settleSymbol(symbol, markTicks);
  }

  private async settleSymbol(symbol: SymbolTerms, markTicks: bigint): Promise<number> {
    let moved = 0;
    // A limit that this mark opens may already be past its own stop points or liquidation price (a
    // gap through its trigger and its stop-loss): the book answers it again at the same mark, until a
    // pass opens nothing. Bounded: each further pass needs a pending position that opened.
    for (let due = this.deps.book.due(symbol.symbolId, markTicks); due.length > 0; due = this.deps.book.due(symbol.symbolId, markTicks)) {
      let opened = 0;
      // Started together, a chunk's steps share the group commit's transactions (each stays its own
      // piece); chunks of a batch keep a crash that reaches thousands from filling the commit queue.
      for (let start = 0; start < due.length; start += COMMIT_BATCH_MAX) {
        const chunk = due.slice(start, start + COMMIT_BATCH_MAX);
        const results = await Promise.all(chunk.map(({ positionId, trigger }) => this.settleOne(symbol, positionId, trigger, markTicks)));
        moved += results.filter(Boolean).length;
        opened += chunk.filter(({ trigger }, index) => trigger === 'open' && results[index]).length;
      }
      if (opened === 0) break;
    }
    return moved;
  }

  private async settleOne(symbol: SymbolTerms, positionId: number, trigger: RiskTrigger, markTicks: bigint): Promise<boolean> {
    const from = trigger === 'open' ? 'pending' : 'open';
    try {
      const { moved } = await takeStep(this.deps, positionId, symbol, (row) => (row?.status === from ? stepOf(trigger, markTicks) : undefined));
      this.waiting.delete(positionId);
      return moved;
    } catch (error) {
      // Left out of the book (due() answered it) until armWaited arms it again.
      const now = this.deps.context.now();
      const failures = (this.waiting.get(positionId)?.failures ?? 0) + 1;
      const waitMs = Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS);
      this.waiting.set(positionId, { failures, retryAt: now + waitMs, armedAt: now });
      this.deps.context.log?.error({ err: error, positionId, trigger, failures, retryInMs: waitMs }, 'futures settlement failed; tried again after a wait');
      return false;
    }
  }

  /** Arms again, from the database, the positions whose wait is over (one gone meanwhile is forgotten), and forgets those armed a capped wait ago that have not failed since. */
  private async armWaited(): Promise<void> {
    const now = this.deps.context.now();
    for (const [positionId, waiting] of this.waiting) {
      if (waiting.retryAt === undefined) {
        if (now - waiting.armedAt >= RETRY_MAX_MS) this.waiting.delete(positionId);
        continue;
      }
      if (waiting.retryAt > now) continue;
      const row = await repo.findPosition(this.deps.context.db, positionId);
      if (row) followInBook(this.deps.book, row);
      if (row?.status === 'pending' || row?.status === 'open') this.waiting.set(positionId, { ...waiting, retryAt: undefined, armedAt: now });
      else this.waiting.delete(positionId);
    }
  }
}
