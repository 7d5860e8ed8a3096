/**
 * The engine's routing across instances (Engine.setRouting): a call for a market held here runs
 * here with no hop; a call for a market held elsewhere goes to its holder's internal route, signed
 * (signing.ts), and what the holder answered is answered here: its value, or its refusal as the
 * same code and parameters, so the caller's envelope is the one the holder would have sent.
 *
 * While a market has no live holder (its holder died and nobody took it yet, or it is moving),
 * the call is tried again every RETRY_MS for up to OWNERLESS_WAIT_MS, then refused with
 * clusterMarketUnavailable. A call is only sent again when it cannot have been done: the holder
 * refused it as no longer its market (clusterNotOwner, checked before anything is written) or the
 * connection was refused. A holder that dies after it received a command leaves its outcome
 * unknown: that command is answered clusterOutcomeUnknown, never sent twice.
 */
import { BusinessError, refuse } from '../core/errors';
import type { ErrcodeName } from '../../src/shared/errcodes';
import type { Executor } from '../core/executor';
import type { MarketRouting, RoutedCalls } from '../engine/types';
import type { EngineOwnership } from './ownership';
import { liveHolderUrl } from './owners-repo';
import { signCall } from './signing';

export const OWNERLESS_WAIT_MS = 5_000;
const RETRY_MS = 100;
/** A holder that takes longer than this to answer is treated as gone (the command's outcome unknown). */
const CALL_TIMEOUT_MS = 15_000;
export const INTERNAL_PREFIX = '/internal/engine/';

/** What an internal route answers: the call's value, or the refusal the holder made. */
export type InternalAnswer = { ok: true; value: unknown } | { ok: false; code: ErrcodeName; params: Record<string, string | number> };

type Sent = { answer: InternalAnswer } | { unreachable: true } | { lost: unknown };

export class Forwarder implements MarketRouting {
  /** The holder's internal address per market, as last looked up; forgotten when it stops answering for it. */
  private readonly holders = new Map<number, string>();

  constructor(
    private readonly db: Executor,
    private readonly ownership: EngineOwnership,
    private readonly options: { internalUrl: string; secret: string },
  ) {}

  fence: MarketRouting['fence'] = (trx, symbolId) => this.ownership.fence(trx, symbolId);

  holds(symbolId: number): boolean {
    return this.ownership.holds(symbolId);
  }

  async route<K extends keyof RoutedCalls>(kind: K, request: RoutedCalls[K]['request'], here: () => Promise<RoutedCalls[K]['answer']>): Promise<RoutedCalls[K]['answer']> {
    const deadline = Date.now() + OWNERLESS_WAIT_MS;
    for (;;) {
      if (this.ownership.holds(request.symbolId)) {
        try {
          return await here();
        } catch (error) {
          if (!(error instanceof BusinessError && error.code === 'clusterNotOwner')) throw error;
        }
      } else {
        const url = await this.holderUrl(request.symbolId);
        if (url !== undefined) {
          const sent = await this.send(url, kind, request);
          if ('answer' in sent) {
            if (sent.answer.ok) return sent.answer.value as RoutedCalls[K]['answer'];
            if (sent.answer.code !== 'clusterNotOwner') throw new BusinessError(sent.answer.code, sent.answer.params);
          } else if ('lost' in sent && kind !== 'depth') {
            refuse('clusterOutcomeUnknown');
          }
          this.holders.delete(request.symbolId);
        }
      }
      if (Date.now() >= deadline) refuse('clusterMarketUnavailable');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  private async holderUrl(symbolId: number): Promise<string | undefined> {
    const known = this.holders.get(symbolId);
    if (known !== undefined) return known;
    const url = await liveHolderUrl(this.db, symbolId);
    // Our own address without holding the market: a holder of an earlier life of this address, or a move under way.
    if (url === undefined || url === this.options.internalUrl) return undefined;
    this.holders.set(symbolId, url);
    return url;
  }

  private async send(url: string, kind: string, request: unknown): Promise<Sent> {
    const path = `${INTERNAL_PREFIX}${kind}`;
    const body = JSON.stringify(request);
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signCall(this.options.secret, 'POST', path, body) },
        body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      return connectionRefused(error) ? { unreachable: true } : { lost: error };
    }
    if (response.status !== 200) return { lost: new Error(`internal call ${path} to ${url} answered HTTP ${response.status}`) };
    try {
      return { answer: (await response.json()) as InternalAnswer };
    } catch (error) {
      return { lost: error };
    }
  }
}

/** True when the holder's address took no connection: nothing was sent, so trying again repeats nothing. */
function connectionRefused(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'ECONNREFUSED';
}
