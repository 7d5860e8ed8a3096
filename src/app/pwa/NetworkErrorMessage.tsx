/**
 * What a page that needs the network shows when its data could not be loaded. Offline, it says so
 * and loads again by itself when the browser is back online; online, it shows the error. Either
 * way "Try again" retries at once.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useSyncExternalStore } from 'react';
import { StatusMessage } from '../ui/StatusMessage';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** Calls `retry` each time the browser comes back online. */
export function useRetryWhenOnline(retry: () => void): void {
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
}

export function NetworkErrorMessage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const online = useOnline();
  useRetryWhenOnline(onRetry);
  const { t } = useLingui();
  const action = { label: t`Try again`, onClick: onRetry };
  if (!online) {
    return (
      <StatusMessage
        tone="neutral"
        title={t`You are offline`}
        detail={t`This page needs the network. It loads again by itself as soon as the connection is back.`}
        action={action}
      />
    );
  }
  return (
    <StatusMessage
      tone="error"
      title={t`The platform could not be reached`}
      detail={error instanceof Error ? error.message : String(error)}
      action={action}
    />
  );
}
