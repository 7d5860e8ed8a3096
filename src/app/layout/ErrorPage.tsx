/**
 * The error page of spec 2 (R-LAY-13): the error's message (default 'Error'), its status
 * (default 500) and a link back home. A page chunk that failed to load reloads the window first,
 * at most once per CHUNK_RELOAD_GUARD_MS (spec 4, R-STATE-06); within the guard the error shows.
 * If showing the error fails too, a last boundary says so with a link home (spec 8).
 *
 * The home links are plain links, not router navigation: after an error, a fresh load of the
 * home page is the surest way back, even when the router itself is what failed.
 */
import { useLingui } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';
import { languageOfPath, localizedPath } from '../i18n/routeLanguage';
import { isChunkLoadError, reloadForChunkError } from '../pwa/chunkReload';
import { buttonClassName } from '../ui/Button';
import { StatusMessage } from '../ui/StatusMessage';
import { errorPageFacts } from './ErrorPage.facts';
import styles from './ErrorPage.module.css';

/** A technical message (a failed chunk's address) reads better in a smaller type. */
const LONG_MESSAGE_CHARS = 60;

function homeHref(): string {
  return localizedPath('/', languageOfPath(window.location.pathname));
}

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageBoundary>
      <ErrorPageContent error={error} />
    </ErrorPageBoundary>
  );
}

/**
 * Whether this error reloads the window (a chunk-load failure outside the reload guard). Decided
 * once per error, so that rendering again (StrictMode, a parent update) never reloads twice.
 */
const reloadDecisions = new WeakMap<object, boolean>();

function reloadsForChunk(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  if (typeof error !== 'object' || error === null) return reloadForChunkError();
  let decision = reloadDecisions.get(error);
  if (decision === undefined) {
    decision = reloadForChunkError();
    reloadDecisions.set(error, decision);
  }
  return decision;
}

function ErrorPageContent({ error }: { error: unknown }) {
  const { t } = useLingui();
  if (reloadsForChunk(error)) return <StatusMessage tone="loading" title={t`Loading`} />;
  const { message, status } = errorPageFacts(error);
  return (
    <section className={styles.page} role="alert" data-testid="error-page">
      <p className={styles.code} data-testid="error-status">
        {status}
      </p>
      <h1 className={styles.title} data-length={message && message.length > LONG_MESSAGE_CHARS ? 'long' : undefined} data-testid="error-message">
        {message ?? t`Error`}
      </h1>
      <a className={buttonClassName({ size: 'large' }, styles.action)} href={homeHref()} data-testid="home-link">
        {t`Back to home`}
      </a>
    </section>
  );
}

function ErrorPageFailure() {
  const { t } = useLingui();
  return (
    <section className={styles.page} role="alert" data-testid="error-page-failure">
      <h1 className={styles.title}>{t`An error occurred while showing the error page`}</h1>
      <a className={buttonClassName({ size: 'large' }, styles.action)} href={homeHref()} data-testid="home-link">
        {t`Go home`}
      </a>
    </section>
  );
}

class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The error page could not be shown', error);
  }

  override render() {
    return this.state.failed ? <ErrorPageFailure /> : this.props.children;
  }
}
