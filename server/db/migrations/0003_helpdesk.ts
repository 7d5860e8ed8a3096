/**
 * The help desk's tables: chats (with the two random keys a client holds and the owner they are
 * bound to), their messages, the re-encoded JPEGs of image messages, and the service codes
 * operators issue. Images live in the database so that every server of a scaled-out deployment
 * serves them; they are small (at most 1600 px, re-encoded) and few.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('helpdesk_chats')
    .addColumn('id', types.integer, types.autoId)
    // SessionId: the client's resume key, presented with its owner's session on every call.
    .addColumn('session_key', 'text', (column) => column.notNull().unique())
    // ChatId: the name of the socket channel chat={ChatId}.
    .addColumn('chat_key', 'text', (column) => column.notNull().unique())
    // The owner: a signed-in user, or for a visitor the id (hash) of the server session that started it.
    .addColumn('user_id', types.integer)
    .addColumn('owner_session_id', 'text')
    .addColumn('service_code', 'text')
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('helpdesk_chats_user').on('helpdesk_chats').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('helpdesk_chats_session').on('helpdesk_chats').columns(['owner_session_id', 'status', 'id']).execute();
  await db.schema.createIndex('helpdesk_chats_status').on('helpdesk_chats').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('helpdesk_messages')
    .addColumn('id', types.integer, types.autoId)
    .addColumn('chat_id', types.integer, (column) => column.notNull().references('helpdesk_chats.id'))
    .addColumn('type', types.integer, (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('from_client', types.integer, (column) => column.notNull())
    .addColumn('visible', types.integer, (column) => column.notNull().defaultTo(1))
    .addColumn('author', 'text', (column) => column.notNull())
    // The operator who replied (null for the client, and for the admin CLI's token).
    .addColumn('operator_user_id', types.integer)
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('helpdesk_messages_chat').on('helpdesk_messages').columns(['chat_id', 'id']).execute();

  await db.schema
    .createTable('helpdesk_images')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('message_id', types.integer, (column) => column.notNull().references('helpdesk_messages.id'))
    .addColumn('jpeg', types.blob, (column) => column.notNull())
    .addColumn('width', types.integer, (column) => column.notNull())
    .addColumn('height', types.integer, (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('helpdesk_service_codes')
    .addColumn('code', 'text', (column) => column.primaryKey())
    .addColumn('label', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('the help-desk migration cannot be rolled back');
}
