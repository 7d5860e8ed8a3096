/**
 * The process the scheduler's SIGKILL test kills: it opens the data folder it is given (DATA_DIR),
 * schedules JOB_COUNT jobs of JOB_KIND (the same keys every start, so a restart adds none), and runs them until none is
 * due, each posting one ledger transaction named after its key; then it prints "all done" and
 * exits. Every job's work takes a moment, so the test can kill it in the middle.
 */
import { boot } from '../../../server/boot';
import { loadConfig } from '../../../server/config';
import { postTransaction, systemOwner } from '../../../server/ledger/ledger';
import { Scheduler } from '../../../server/scheduler/scheduler';

const JOB_COUNT = Number(process.env.JOB_COUNT ?? 300);
const JOB_KIND = process.env.JOB_KIND ?? 'test.sigkill';

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DEMO_MODE: 'off', ROBOTS: 'off', LOG_LEVEL: 'error' });
  const { context, database } = await boot(config);
  const scheduler = new Scheduler(context);
  scheduler.register(JOB_KIND, async (trx, job) => {
    await postTransaction(trx, {
      kind: JOB_KIND,
      owner: systemOwner('fees'),
      memo: job.key,
      now: job.runAt,
      postings: [
        { account: { owner: systemOwner('genesis'), wallet: 'system', currency: 'USDT' }, amountUnits: -1n },
        { account: { owner: systemOwner('fees'), wallet: 'system', currency: 'USDT' }, amountUnits: 1n },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 2));
  });
  const now = context.now();
  for (let index = 0; index < JOB_COUNT; index += 1) await scheduler.schedule({ kind: JOB_KIND, key: `job-${index}`, runAt: now - 1 });
  console.log('scheduled');
  while ((await scheduler.runDue()) > 0);
  console.log('all done');
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
