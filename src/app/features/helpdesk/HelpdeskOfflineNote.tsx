/**
 * The help desk's word when the platform cannot be reached (spec 4: online/offline status is
 * tracked, pwa/connectivity.ts): the chat and the external desk both show it above their content.
 */
import { useLingui } from '@lingui/react/macro';
import styles from './HelpdeskPanel.module.css';

export function HelpdeskOfflineNote() {
  const { t } = useLingui();
  return (
    <p className={styles.offlineNote} role="status" data-testid="helpdesk-offline">
      {t`You are offline. Customer service comes back by itself as soon as the connection does.`}
    </p>
  );
}
