/**
 * What operators do to accounts (the operator console's users page, through the operator API):
 * find accounts by e-mail, phone, real name or id, and change an account's VIP level, its access
 * to test-only markets, or whether it may sign in at all. Disabling an account ends its sessions
 * at once (its sockets leave their channels with them).
 */
import type { AppContext } from '../../context';
import type { SessionStore } from '../../http/session';
import { refuse } from './errors';
import { findUserById, searchUsers, updateUserByOperator, type OperatorAccountChange, type UserRow } from './repo';

/** An account as the operator console shows it. */
export interface AdministeredAccount {
  id: number;
  email: string | null;
  phone: string | null;
  realName: string;
  role: 'user' | 'operator';
  vipLevel: number;
  verifiedLevel: number;
  /** spec 3: 0 none, 1 created, 2 reviewing, 3 rejected, 4 approved. */
  identityStatus: number;
  testEnabled: boolean;
  disabled: boolean;
  createdAt: number;
}

export interface AccountPage {
  accounts: AdministeredAccount[];
  /** The id to ask for the next page with, or null on the last page. */
  nextBeforeId: number | null;
}

function administered(user: UserRow): AdministeredAccount {
  return {
    id: Number(user.id),
    email: user.email,
    phone: user.phone === null ? null : `${user.phone_country ?? ''} ${user.phone}`.trim(),
    realName: user.real_name,
    role: user.role === 'operator' ? 'operator' : 'user',
    vipLevel: Number(user.vip_level),
    verifiedLevel: Number(user.verified_level),
    identityStatus: Number(user.identity_status),
    testEnabled: user.test_enabled === 1n,
    disabled: user.disabled === 1n,
    createdAt: Number(user.created_at),
  };
}

/** Accounts matching `text` (all of them when it is empty), newest first, a page at a time. */
export async function findAccounts(context: AppContext, search: { text: string; beforeId: number | null; limit: number }): Promise<AccountPage> {
  const rows = await searchUsers(context.db, { ...search, limit: search.limit + 1 });
  const page = rows.slice(0, search.limit);
  return { accounts: page.map(administered), nextBeforeId: rows.length > search.limit ? Number(page.at(-1)!.id) : null };
}

export interface AdministrationDeps {
  context: AppContext;
  sessions: SessionStore;
}

/** Applies an operator's change to an account and answers the account as it is now. */
export async function changeAccount(deps: AdministrationDeps, userId: number, change: OperatorAccountChange): Promise<AdministeredAccount> {
  const { context } = deps;
  const account = await context.db.transaction().execute(async (trx) => {
    if (!(await updateUserByOperator(trx, userId, change))) refuse('accountNotFound');
    if (change.disabled === true) await deps.sessions.endAllOfUser(userId, trx);
    return findUserById(trx, userId);
  });
  return administered(account!);
}
