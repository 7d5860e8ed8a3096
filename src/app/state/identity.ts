/**
 * The identity state a screen shows for the signed-in user (spec 4: 'under review' for status 1
 * or 2, verified when the level meets the requirement, else incomplete): the status is read while
 * the user is not verified (once, cached; the user menu forces a new read when it opens). The
 * phone's user card and the profile dashboard show it alike.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Profile } from '../../shared/api/account';
import { identityTextOf, isVerified, type IdentityText } from '../../shared/layout';
import { loadIdentityStatus, session } from './session';

export function useIdentityText(profile: Profile): IdentityText {
  const { identityStatus } = useSnapshot(session);
  const verified = isVerified(profile);
  useEffect(() => {
    if (!verified) void loadIdentityStatus();
  }, [verified]);
  return identityTextOf(identityStatus, profile.verifiedLevel, profile.requiredIDLevel);
}
