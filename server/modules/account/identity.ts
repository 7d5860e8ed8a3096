/**
 * The account side of identity verification and the avatar: the identity area (its own module)
 * decides, and the account's row follows through these, inside the identity area's transaction.
 * The status of spec 3 lives on the account because GET /identityverification and the profile
 * read it there, whether or not a submission stands behind it (a seeded merchant is approved).
 */
import type { Executor } from '../../core/executor';
import { findUserById, updateAvatarUrl, updateUserIdentity, type IdentityChange, type UserRow } from './repo';

/** The fields of an account the identity area reads; undefined for no such user. */
export async function accountOf(executor: Executor, userId: number): Promise<UserRow | undefined> {
  return findUserById(executor, userId);
}

export async function changeIdentity(executor: Executor, userId: number, change: IdentityChange): Promise<void> {
  await updateUserIdentity(executor, userId, change);
}

export async function changeAvatarUrl(executor: Executor, userId: number, avatarUrl: string): Promise<void> {
  await updateAvatarUrl(executor, userId, avatarUrl);
}
