/**
 * Runs a load of limit orders or transfers against a route of a server in this process, from a worker
 * thread (load-worker.mjs), and answers its throughput and latency percentiles. The client runs on
 * the other core: a client in the server's own event loop would take a share of the time it
 * measures, the more the faster the server gets.
 */
import { Worker } from 'node:worker_threads';
import { percentile } from './numbers';

export interface LoadOptions {
  baseUrl: string;
  /** The route, with the API prefix: /api/v1/exchange/create. */
  path: string;
  /** Each trader's headers (session cookie, CSRF token); requests take them in turn. */
  traders: Record<string, string>[];
  count: number;
  concurrency: number;
  /** Where the orders' price pattern starts, so that a warm-up and a run do not send the same. */
  offset?: number;
  /** What each request sends (load-worker.mjs): a limit order (the default) or a transfer. */
  body?: 'order' | 'transfer';
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  p999: number;
  filled: number;
  /** Answers with a non-zero errcode, by errcode. */
  refusals: Record<string, number>;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { ...options, offset: options.offset ?? 0, body: options.body ?? 'order' },
    // Plain JavaScript: the worker needs no loader of the parent's.
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { latencies: Float64Array; elapsedMs: number; filled: number; refusals: Record<string, number> }) => {
      const sorted = Array.from(message.latencies).sort((left, right) => left - right);
      resolve({
        perSecond: (options.count / message.elapsedMs) * 1000,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        p999: percentile(sorted, 0.999),
        filled: message.filled,
        refusals: message.refusals,
      });
      void worker.terminate();
    });
  });
}

/** Throws when any request of the load was refused: a benchmark measures accepted requests only. */
export function assertNoRefusals(result: LoadResult, what: string): void {
  const refused = Object.entries(result.refusals);
  if (refused.length > 0) throw new Error(`${what}: refused ${refused.map(([code, times]) => `${times} x ${code}`).join(', ')}`);
}
