/**
 * Identity verification, avatars and payment accounts (issue 15). A submission is one row with
 * its decision on it (who decided, when, why): the row is the audit of the review, and a new
 * submission after a rejection is a new row, so the history of an account stays whole. Its three
 * images and the avatars are the server's own JPEG re-encodings, kept in the database like the
 * help desk's (every server of a scaled-out deployment serves them). Payment accounts carry a kind
 * so that C2C's payment methods (wechat, alipay) join the bank accounts in the same table.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('identity_submissions')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('real_name', 'text', (column) => column.notNull())
    .addColumn('document_type', 'text', (column) => column.notNull())
    .addColumn('document_number', 'text', (column) => column.notNull())
    // spec 3: 1 created, 2 reviewing, 3 rejected, 4 approved.
    .addColumn('status', types.integer, (column) => column.notNull())
    .addColumn('reject_reason', 'text')
    // The operator who opened it for review and who decided (null: the admin CLI's token).
    .addColumn('reviewer_user_id', types.integer)
    .addColumn('review_started_at', 'bigint')
    .addColumn('decided_by_user_id', types.integer)
    .addColumn('decided_at', 'bigint')
    .addColumn('verified_level', types.integer)
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('identity_submissions_user').on('identity_submissions').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('identity_submissions_status').on('identity_submissions').columns(['status', 'id']).execute();

  await db.schema
    .createTable('identity_images')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('submission_id', types.integer, (column) => column.notNull().references('identity_submissions.id'))
    // 'front', 'back' or 'selfie'.
    .addColumn('side', 'text', (column) => column.notNull())
    .addColumn('jpeg', types.blob, (column) => column.notNull())
    .addColumn('width', types.integer, (column) => column.notNull())
    .addColumn('height', types.integer, (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('identity_images_submission').on('identity_images').columns(['submission_id']).execute();

  await db.schema
    .createTable('avatars')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    .addColumn('jpeg', types.blob, (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('avatars_user').on('avatars').columns(['user_id']).execute();

  await db.schema
    .createTable('payment_accounts')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull().references('users.id'))
    // 'bank' now; C2C adds its payment methods.
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('holder_name', 'text', (column) => column.notNull())
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('account_number', 'text', (column) => column.notNull())
    .addColumn('branch', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    // Deleted accounts stay for the orders that named them; the owner no longer sees them.
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('payment_accounts_user').on('payment_accounts').columns(['user_id', 'kind', 'deleted_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('the identity migration cannot be rolled back');
}
