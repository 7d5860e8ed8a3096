/**
 * The toasts of spec 8 (the client's error messages, a page's success messages such as 'read
 * all'), fixed at the top centre of every page. They live in the hub store, which dismisses each
 * one after its time; the close button dismisses it at once. The live region is always in the
 * page, so a screen reader announces every toast that appears in it.
 */
import { useLingui } from '@lingui/react/macro';
import { hubStore, type Toast } from '../state/hub-store';
import { useHubPart } from '../state/hub';
import styles from './Toaster.module.css';

export function Toaster() {
  const toasts = useHubPart((state) => state.toasts);
  return (
    <div className={styles.toaster} role="status" aria-live="polite" data-testid="toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useLingui();
  return (
    <p className={styles.toast} data-tone={toast.tone} data-testid="toast">
      <span className={styles.mark} aria-hidden="true">
        {toast.tone === 'success' ? <SuccessIcon /> : toast.tone === 'info' ? <InfoIcon /> : <ErrorIcon />}
      </span>
      <span className={styles.message}>{toast.message}</span>
      <button type="button" className={styles.close} onClick={() => hubStore.dismissToast(toast.id)} aria-label={t`Dismiss`}>
        <CloseIcon />
      </button>
    </p>
  );
}

function SuccessIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="10" cy="10" r="8" />
      <path d="m6.5 10.2 2.4 2.4 4.6-4.8" />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="10" cy="10" r="8" />
      <path d="M10 6v4.5M10 13.6v.1" />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="10" cy="10" r="8" />
      <path d="M10 9v5M10 6.2v.1" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="m5.5 5.5 9 9m0-9-9 9" />
    </svg>
  );
}
