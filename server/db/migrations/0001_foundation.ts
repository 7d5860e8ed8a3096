/**
 * The foundation's tables: accounts and sessions, currencies and symbols, the double-entry
 * ledger with its holds and outbox, notifications, content and settings. Written with Kysely's
 * schema builder so that the same migration runs on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('users')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('phone_country', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('referral_code', 'text', (column) => column.notNull().unique())
    .addColumn('referred_by', types.integer)
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('user'))
    .addColumn('test_enabled', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('real_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('vip_level', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('verified_level', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('identity_status', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('merchant_status', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('avatar_url', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('help_desk_link', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('disabled', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('password_changed_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('users_phone').unique().on('users').columns(['phone_country', 'phone']).execute();
  await db.schema.createIndex('users_email').unique().on('users').column('email').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', types.integer)
    .addColumn('csrf_token', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_seen_at', 'bigint', (column) => column.notNull())
    .addColumn('absolute_expires_at', 'bigint', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('captcha_hash', 'text')
    .addColumn('captcha_expires_at', 'bigint')
    .addColumn('failed_signins', types.integer, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('target', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['purpose', 'target', 'created_at'])
    .execute();

  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('scale', types.integer, (column) => column.notNull())
    .addColumn('sort_order', types.integer, (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('symbols')
    .addColumn('id', types.integer, (column) => column.primaryKey())
    .addColumn('type', types.integer, (column) => column.notNull())
    .addColumn('symbol', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('test_only', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('prompted', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('price_precision', types.integer, (column) => column.notNull())
    .addColumn('volume_precision', types.integer, (column) => column.notNull())
    .addColumn('base_symbol', 'text', (column) => column.notNull())
    .addColumn('quote_symbol', 'text', (column) => column.notNull())
    .addColumn('svg_icon', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('sort_order', types.integer, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('symbols_type_symbol').unique().on('symbols').columns(['type', 'symbol']).execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('owner_key', 'text', (column) => column.notNull())
    .addColumn('user_id', types.integer)
    .addColumn('wallet', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('bucket', 'text', (column) => column.notNull())
    .addColumn('balance_units', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('may_go_negative', types.integer, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ledger_accounts_key')
    .unique()
    .on('ledger_accounts')
    .columns(['owner_key', 'wallet', 'currency', 'bucket'])
    .execute();
  await db.schema.createIndex('ledger_accounts_user').on('ledger_accounts').column('user_id').execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('owner_key', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('response_json', 'text')
    .addColumn('memo', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_transactions_idempotency')
    .unique()
    .on('ledger_transactions')
    .columns(['owner_key', 'idempotency_key'])
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('transaction_id', types.integer, (column) => column.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', types.integer, (column) => column.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('ledger_postings_account').on('ledger_postings').column('account_id').execute();
  await db.schema.createIndex('ledger_postings_transaction').on('ledger_postings').column('transaction_id').execute();

  await db.schema
    .createTable('ledger_holds')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('owner_key', 'text', (column) => column.notNull())
    .addColumn('wallet', 'text', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('amount_units', 'bigint', (column) => column.notNull())
    .addColumn('reference_type', 'text', (column) => column.notNull())
    .addColumn('reference_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('released_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('ledger_holds_reference')
    .unique()
    .on('ledger_holds')
    .columns(['reference_type', 'reference_id', 'currency'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('payload_json', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('dispatched_at', 'bigint')
    .execute();
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['dispatched_at', 'id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('user_id', types.integer, (column) => column.notNull())
    .addColumn('type', types.integer, (column) => column.notNull())
    .addColumn('params_json', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('message', 'text')
    .addColumn('read_flag', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('source_event_id', types.integer)
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  // One notification per (user, outbox event): the outbox delivers at least once.
  await db.schema.createIndex('notifications_source_event').unique().on('notifications').columns(['user_id', 'source_event_id']).execute();

  await db.schema
    .createTable('post_categories')
    .addColumn('id', types.integer, (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('parent_id', types.integer)
    .addColumn('sort_order', types.integer, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('post_category_names')
    .addColumn('category_id', types.integer, (column) => column.notNull().references('post_categories.id'))
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('post_category_names_pk', ['category_id', 'lang'])
    .execute();
  await db.schema
    .createTable('posts')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('category_id', types.integer, (column) => column.notNull().references('post_categories.id'))
    .addColumn('slug', 'text')
    .addColumn('sort_order', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('pinned', types.integer, (column) => column.notNull().defaultTo(0))
    .addColumn('cover_url', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('popup_mode', types.integer)
    .addColumn('popup_from', 'bigint')
    .addColumn('popup_to', 'bigint')
    .addColumn('published_at', 'bigint', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('posts_slug').unique().on('posts').column('slug').execute();
  await db.schema.createIndex('posts_category').on('posts').columns(['category_id', 'published_at']).execute();
  await db.schema
    .createTable('post_translations')
    .addColumn('post_id', types.integer, (column) => column.notNull().references('posts.id'))
    .addColumn('lang', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('summary', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('body', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('post_translations_pk', ['post_id', 'lang'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value_json', 'text', (column) => column.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('the foundation migration cannot be rolled back');
}
