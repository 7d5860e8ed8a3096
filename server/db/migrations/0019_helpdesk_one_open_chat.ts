/**
 * One open help-desk chat per owner (server/modules/helpdesk): a start call resumes the owner's
 * open chat, and two start calls at once must not both find none and open two. The unique
 * partial indexes make the second insert fail; the service then answers the chat the first made.
 * Duplicates that such a race left before are closed first, all but the newest of each owner.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update helpdesk_chats set status = 'closed', closed_at = updated_at
    where status = 'open' and user_id is not null
      and id not in (select max(id) from helpdesk_chats where status = 'open' and user_id is not null group by user_id)
  `.execute(db);
  await sql`
    update helpdesk_chats set status = 'closed', closed_at = updated_at
    where status = 'open' and user_id is null
      and id not in (select max(id) from helpdesk_chats where status = 'open' and user_id is null group by owner_session_id)
  `.execute(db);
  await sql`create unique index helpdesk_chats_open_user on helpdesk_chats (user_id) where status = 'open' and user_id is not null`.execute(db);
  await sql`create unique index helpdesk_chats_open_visitor on helpdesk_chats (owner_session_id) where status = 'open' and user_id is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('the one-open-chat migration cannot be rolled back');
}
