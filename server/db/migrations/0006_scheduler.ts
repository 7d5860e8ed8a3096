/**
 * Durable jobs (server/scheduler): what the platform must do at a time (an option's settlement,
 * a day's interest, a C2C order's timeout, the end of a withdrawal cool-off) is a row here, run
 * once in the transaction of its effects. (kind, key) names a job: scheduling the same job twice
 * is one job. Done jobs are kept for a while so that a late duplicate schedule stays a no-op.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('run_at', 'bigint', (column) => column.notNull())
    .addColumn('payload_json', 'text', (column) => column.notNull())
    // 'pending', 'done' or 'failed' (gave up after its attempts; the operator console shows it).
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('scheduled_jobs_kind_key', ['kind', 'key'])
    .execute();
  await db.schema.createIndex('scheduled_jobs_due').on('scheduled_jobs').columns(['status', 'run_at']).execute();
}
