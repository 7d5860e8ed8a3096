/**
 * Who is an operator (issue 21). The first operator of a real deployment is granted from the
 * machine that holds DATA_DIR/admin-token (`npm run admin -- operator --grant EMAIL`); operators
 * grant and revoke it to others in the console. The role is read from the account on every
 * request, so a change applies to the account's open sessions at once. An operator may not revoke
 * their own role (the console would lock them out mid-change); the admin CLI may.
 */
import type { AppContext } from '../../context';
import { recordChange, type Actor } from './audit-log';
import * as repo from './config-repo';
import { refuse } from './errors';

export async function setOperatorRole(context: AppContext, actor: Actor, email: string, operator: boolean) {
  return context.db.transaction().execute(async (trx) => {
    const account = await repo.findUserRoleByEmail(trx, email);
    if (!account) refuse('accountNotFound');
    if (!operator && actor.userId === account.id) refuse('operatorSelfRevoke');
    const role = operator ? ('operator' as const) : ('user' as const);
    if (account.role !== role) await repo.updateUserRole(trx, account.id, role);
    await recordChange(
      trx,
      actor,
      { action: operator ? 'role.grant' : 'role.revoke', target: `account ${account.id} ${account.email}`, before: { role: account.role }, after: { role } },
      context.now(),
    );
    return { ...account, role };
  });
}
