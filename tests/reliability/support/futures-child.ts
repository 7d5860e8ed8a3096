/**
 * The process the futures SIGKILL test kills (tests/reliability/futures-recovery.test.ts). With
 * FUTURES_PHASE=open it opens, on the data folder DATA_DIR, POSITIONS positions (each its own
 * user: longs with a stop-loss and shorts with a take-profit, at levels from 59,900 down to
 * 57,000), prints "opened", then walks the BTC mark down from 60,000 to 56,900 a step at a time,
 * one risk round per step, until it is killed. With FUTURES_PHASE=resume it starts again on the same
 * folder, puts the mark at the end of the walk, runs one round, prints the ledger audit's problems
 * as JSON and "all done", and exits.
 */
import fs from 'node:fs';
import { auditLedger } from '../../../server/ledger/audit';
import { riskLoopOf } from '../../../server/modules/futures';
import { BTC_SPOT, createRaw, fundFuturesAccounts, futuresUser } from '../../helpers/futures';
import { buildTestServer, type TestServer } from '../../helpers/server';

const POSITIONS = Number(process.env.POSITIONS ?? 150);
const START_TICKS = 6_000_000n;
const END_TICKS = 5_690_000n;
const STEP_TICKS = 500n;

/** The stop level of the position at `index`: 59,900 down in steps of 20. */
function levelOf(index: number): string {
  return String(59_900 - 20 * (index % 146));
}

async function openPositions(server: TestServer): Promise<void> {
  await fundFuturesAccounts(server);
  for (let index = 0; index < POSITIONS; index += 1) {
    const user = await futuresUser(server, '1000');
    const long = index % 2 === 0;
    const body = { symbol: 'BTC_USDT', side: long ? 'long' : 'short', leverage: 10, margin: '100', ...(long ? { stopLoss: levelOf(index) } : { takeProfit: levelOf(index) }) };
    const response = await createRaw(server, user, body, `recovery-${index}`);
    const answer = response.json<{ errcode: number }>();
    if (answer.errcode !== 0) throw new Error(`position ${index} refused: ${response.body}`);
  }
}

async function main(): Promise<void> {
  const server = await buildTestServer({ dataDir: process.env.DATA_DIR, demoMode: false });
  // The helper made a temporary folder of its own as well; everything went to DATA_DIR instead.
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  server.app.prices.stop();
  const loop = riskLoopOf(server.context);
  const round = async (ticks: bigint) => {
    server.app.prices.setReference(BTC_SPOT, ticks);
    server.app.prices.sample();
    await loop.idle();
  };
  if (process.env.FUTURES_PHASE === 'open') {
    server.app.prices.setReference(BTC_SPOT, START_TICKS);
    await openPositions(server);
    console.log('opened');
    for (let ticks = START_TICKS; ticks >= END_TICKS; ticks -= STEP_TICKS) {
      await round(ticks);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    console.log('walked');
    // Wait to be killed: the test kills this process whether or not the walk is over.
    await new Promise(() => undefined);
  }
  await round(END_TICKS);
  console.log(JSON.stringify((await auditLedger(server.context.db)).problems));
  console.log('all done');
  await server.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
