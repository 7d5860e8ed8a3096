/**
 * What a page that needs the network shows when its data could not be loaded. Offline (the server
 * gave no answer, connectivity.ts), it says so and loads again by itself as soon as the server
 * answers; online, it shows the error. Either way "Try again" retries at once.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { StatusMessage } from '../ui/StatusMessage';
import { isNoAnswerError, noteServerAnswered, useOnline, useRetryWhenOnline } from './connectivity';

export function NetworkErrorMessage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const online = useOnline();
  const noAnswer = isNoAnswerError(error);
  useEffect(() => {
    // The error itself is an observation: the hub's word on it may come a moment later.
    if (noAnswer) noteServerAnswered(false);
  }, [error, noAnswer]);
  useRetryWhenOnline(onRetry);
  const { t } = useLingui();
  const action = { label: t`Try again`, onClick: onRetry };
  if (!online || noAnswer) {
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
