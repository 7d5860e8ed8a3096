/**
 * The user's picture on the dashboard, with its change: the picked file is scaled in the browser
 * like every upload (spec 5), the server crops and re-encodes it, and the profile is read again so
 * that the header's avatar follows in every tab.
 */
import { useLingui } from '@lingui/react/macro';
import type { Profile } from '../../../shared/api/account';
import { ERROR_TOAST_MS } from '../../../shared/constants';
import { displayNameOf } from '../../../shared/profile';
import { loadProfile } from '../../state/session';
import { showToast } from '../../state/hub-store';
import { ImageFileButton } from '../../ui/ImageFileButton';
import { uploadAvatar } from './identityCalls';
import styles from './identity.module.css';

export function AvatarChanger({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const name = displayNameOf(profile);

  const change = async (jpeg: Blob | null) => {
    if (!jpeg) {
      showToast(t`Invalid image.`, ERROR_TOAST_MS, 'error');
      return;
    }
    const outcome = await uploadAvatar(jpeg);
    if (!outcome.ok) return;
    await loadProfile(true);
    showToast(t`Your picture is changed.`, ERROR_TOAST_MS, 'success');
  };

  return (
    <div className={styles.avatarBlock}>
      <span className={styles.avatar} data-testid="dashboard-avatar">
        {profile.avatarUrl ? <img src={profile.avatarUrl} alt={t`Your picture`} width={72} height={72} /> : <span aria-hidden="true">{(name.charAt(0) || '?').toUpperCase()}</span>}
      </span>
      <ImageFileButton variant="ghost" size="small" onPicked={change} testId="avatar-change">
        {t`Change picture`}
      </ImageFileButton>
    </div>
  );
}
