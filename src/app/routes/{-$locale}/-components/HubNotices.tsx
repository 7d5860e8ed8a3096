/**
 * What the hub needs the user to know: a cache that cannot be used (full, blocked, closed by a
 * newer version) and a hub that could not start. The toasts the hub asks for (spec 8) show in the
 * layout's Toaster.
 */
import { useLingui } from '@lingui/react';
import { useHubFailure, useHubStatus } from '../../../state/hub';
import styles from './Hub.module.css';
import { HOME_STRINGS } from './strings';

export function HubNotices() {
  const { _ } = useLingui();
  const status = useHubStatus();
  const failure = useHubFailure();
  const storageMessage = status ? HOME_STRINGS.storage[status.storage.state] : null;
  const storageText = storageMessage ? _(storageMessage) : '';
  return (
    <>
      {failure ? (
        <p className={styles.notice} data-tone="error" role="alert" data-testid="hub-failure">
          {_(HOME_STRINGS.hubFailure[failure.reason])}
        </p>
      ) : null}
      {storageText ? (
        <p className={styles.notice} role="status" data-testid="storage-notice" title={status?.storage.detail}>
          {storageText}
        </p>
      ) : null}
      {/* Which hub serves this tab: end-to-end tests check that a new build gets a new hub. */}
      <span hidden data-testid="hub-build" data-build={status?.buildId ?? ''} data-instance={status?.instanceId ?? ''} />
    </>
  );
}
