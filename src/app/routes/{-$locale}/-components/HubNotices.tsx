/**
 * What the hub needs the user to know: a cache that cannot be used (full, blocked, closed by a
 * newer version), a hub that could not start, and the toasts the hub asked for (spec 8).
 */
import { hubStore } from '../../../state/hub-store';
import { useHubState } from '../../../state/hub';
import styles from './Hub.module.css';
import { HOME_STRINGS } from './strings';

export function HubNotices() {
  const { status, failure, toasts } = useHubState();
  const storageText = status ? HOME_STRINGS.storage[status.storage.state] : '';
  return (
    <>
      {failure ? (
        <p className={styles.notice} data-tone="error" role="alert" data-testid="hub-failure">
          {HOME_STRINGS.hubFailure[failure.reason]}
        </p>
      ) : null}
      {storageText ? (
        <p className={styles.notice} role="status" data-testid="storage-notice" title={status?.storage.detail}>
          {storageText}
        </p>
      ) : null}
      {/* Which hub serves this tab: end-to-end tests check that a new build gets a new hub. */}
      <span hidden data-testid="hub-build" data-build={status?.buildId ?? ''} data-instance={status?.instanceId ?? ''} />
      <div className={styles.toasts} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className={styles.toast}>
            <span>{toast.message}</span>
            <button type="button" className={styles.toastClose} onClick={() => hubStore.dismissToast(toast.id)} aria-label={HOME_STRINGS.dismiss}>
              ×
            </button>
          </p>
        ))}
      </div>
    </>
  );
}
