/**
 * The "Save for offline" action of a list: keeps every article of the category on the device,
 * with its progress while saving, the saved state after (with a way to update the copy), and
 * what failed. It needs the network, so it is off while the browser is offline.
 */
import { useLingui } from '@lingui/react/macro';
import type { PostSummary } from '../../../shared/api/content';
import type { Language } from '../../../shared/languages';
import { useOnline } from '../../pwa/connectivity';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import styles from './content.module.css';
import { useSaveCategory } from './useSaveCategory';

export function SaveForOffline({ language, categoryId, shown }: { language: Language; categoryId: number; shown: readonly PostSummary[] }) {
  const { t } = useLingui();
  const online = useOnline();
  const { progress, saved, save } = useSaveCategory(language, categoryId, shown);
  const saving = progress.phase === 'saving';
  const state = saving ? 'saving' : progress.phase === 'failed' ? 'failed' : saved ? 'saved' : 'idle';
  const start = () => void save();
  // Simple names for the messages' placeholders.
  const done = progress.phase === 'saving' ? progress.done : 0;
  const total = progress.phase === 'idle' ? 0 : progress.total;
  const failed = progress.phase === 'failed' ? progress.failed : 0;

  return (
    <div className={styles.save} data-testid="save-offline" data-state={state}>
      {state === 'saved' ? (
        <>
          <span className={styles.savedLabel} role="status" data-testid="save-offline-saved">
            <CheckIcon />
            {t`Saved for offline`}
          </span>
          <Button variant="ghost" size="small" onClick={start} disabled={!online} data-testid="save-offline-update">
            {t({ message: 'Update', comment: 'Saves the newest copy of a list of articles that is already saved for offline reading' })}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          size="small"
          onClick={start}
          disabled={saving || !online}
          title={online ? undefined : t`Saving needs the network`}
          data-testid="save-offline-button"
        >
          <DownloadIcon />
          {saving ? t`Saving ${done} of ${total}…` : t`Save for offline`}
        </Button>
      )}
      {saving ? <progress className={styles.progress} max={Math.max(total, 1)} value={done} aria-label={t`Saving for offline`} data-testid="save-offline-progress" /> : null}
      {progress.phase === 'failed' ? (
        <p className={styles.saveError} role="alert" data-testid="save-offline-failed">
          {t`Some articles could not be saved (${failed} of ${total}). Check the connection and try again.`}
        </p>
      ) : null}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" />
    </svg>
  );
}
