/**
 * Offers a new version of the app when one is ready (src/app/pwa/serviceWorker.ts decides when).
 * "Update" lets the new version take over and reloads; "Later" hides the offer until the next one.
 * It also starts the service worker's life in this tab, since it is the one part of the page that
 * lives as long as the page does.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../ui/Button';
import { getUpdateState, startServiceWorker, subscribeUpdateState } from './serviceWorker';
import styles from './UpdatePrompt.module.css';

export function UpdatePrompt() {
  const updateState = useSyncExternalStore(subscribeUpdateState, getUpdateState);
  const [dismissed, setDismissed] = useState<typeof updateState | null>(null);
  const { t } = useLingui();
  useEffect(startServiceWorker, []);

  if (updateState.kind !== 'available' || dismissed === updateState) return null;
  return (
    <aside className={styles.prompt} role="status" aria-live="polite" data-testid="update-prompt">
      <p className={styles.text}>{t`A new version of the app is ready.`}</p>
      <div className={styles.actions}>
        <Button variant="secondary" size="small" onClick={() => setDismissed(updateState)}>
          {t`Later`}
        </Button>
        <Button size="small" onClick={updateState.apply}>
          {t`Update`}
        </Button>
      </div>
    </aside>
  );
}
