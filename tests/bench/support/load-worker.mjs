/**
 * The load of the HTTP benchmarks, in a worker thread (tests/bench/support/load.ts): the client's
 * own work (building requests, parsing answers) runs on the other core, not in the event loop of
 * the server it measures. Plain JavaScript with node:http and a keep-alive agent, the lightest
 * client Node has. Each of `concurrency` loops sends a request, waits for its answer, and sends the
 * next, until `count` were sent; it answers each request's latency in ms, and the refusals.
 *
 * Orders (`body: 'order'`) alternate sides around 60000 with a few ticks either way, so about half
 * cross and fill: the load includes matching, fees and settlement, not only inserts. Transfers
 * (`body: 'transfer'`) move 0.01 USDT from spot to futures, each with its own Idempotency-Key.
 */
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { URL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, path, traders, count, concurrency, offset, body: kind } = workerData;
const url = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function bodyOf(index) {
  if (kind === 'transfer') return JSON.stringify({ from: 'spot', to: 'futures', currency: 'USDT', amount: '0.01' });
  const side = index % 2 === 0 ? 'buy' : 'sell';
  const price = (60_000 + ((index * 7) % 11) - 5).toFixed(2);
  return JSON.stringify({ symbol: 301, side, type: 'limit', price, quantity: '0.001' });
}

function send(index) {
  const body = bodyOf(index);
  const trader = traders[index % traders.length];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        agent,
        headers: {
          ...trader,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(kind === 'transfer' ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const latencyMs = performance.now() - started;
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ latencyMs, errcode: answer.errcode, filled: answer.data?.status === 'filled' });
          } catch (error) {
            reject(new Error(`HTTP ${response.statusCode} without JSON: ${error.message}`));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const latencies = new Float64Array(count);
let next = 0;
let filled = 0;
const refusals = {};
async function loop() {
  while (next < count) {
    const index = next;
    next += 1;
    const outcome = await send(offset + index);
    latencies[index] = outcome.latencyMs;
    if (outcome.errcode !== 0) refusals[outcome.errcode] = (refusals[outcome.errcode] ?? 0) + 1;
    else if (outcome.filled) filled += 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, loop));
const elapsedMs = performance.now() - started;
agent.destroy();
parentPort.postMessage({ latencies, elapsedMs, filled, refusals });
