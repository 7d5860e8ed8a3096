/**
 * The signed-in user's unread-notification count, fed by the hub's polling, and a small sign-in
 * form so that a visitor (and the end-to-end suite) can sign in. Signing in or out goes through
 * the hub, which tells every other tab at once.
 */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { getHub } from '../../../api/hub';
import { useHubStatus } from '../../../state/hub';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { FormField, inputClassName } from '../../../ui/FormField';
import { Panel } from '../../../ui/Panel';
import { StatusMessage } from '../../../ui/StatusMessage';
import styles from './AccountPanel.module.css';
import { HOME_STRINGS } from './strings';
import { contactOf } from '../../../../shared/profile';

export function AccountPanel() {
  const { _ } = useLingui();
  const status = useHubStatus();
  const session = status?.session ?? { status: 'unknown' as const };
  return (
    <Panel
      aria-labelledby="account-heading"
      data-testid="account"
      data-session={session.status}
      data-hub={status?.instanceId}
      title={<span id="account-heading">{_(HOME_STRINGS.accountTitle)}</span>}
    >
      {session.status === 'unknown' ? <StatusMessage tone="loading" title={_(HOME_STRINGS.checkingSession)} headingLevel={3} /> : null}
      {session.status === 'signedOut' ? <SignInForm /> : null}
      {session.status === 'signedIn' ? <SignedIn identity={contactOf(session.profile)} /> : null}
    </Panel>
  );
}

function SignedIn({ identity }: { identity: string }) {
  const { _ } = useLingui();
  const status = useHubStatus();
  const [signingOut, setSigningOut] = useState(false);
  const notifications = status?.notifications ?? null;
  const signOut = () => {
    setSigningOut(true);
    getHub()
      .signOut()
      .catch((error: unknown) => console.warn('Sign-out failed', error))
      .finally(() => setSigningOut(false));
  };
  return (
    <div className={styles.stack}>
      <p className={styles.identity}>
        <span className={styles.muted}>{_(HOME_STRINGS.signedInAs)}</span> <strong data-testid="signed-in-as">{identity}</strong>
      </p>
      <div className={styles.unread}>
        <span>{notifications?.enabled === false ? _(HOME_STRINGS.notificationsOff) : _(HOME_STRINGS.unreadNotifications)}</span>
        <Badge tone="brand" data-testid="unread-count" aria-live="polite">
          {notifications?.enabled === false ? '—' : (notifications?.unread ?? '…')}
        </Badge>
      </div>
      {/* Disabled, not loading, while it runs: the button keeps its name for assistive technology. */}
      <Button variant="secondary" className={styles.start} onClick={signOut} disabled={signingOut}>
        {_(HOME_STRINGS.signOut)}
      </Button>
    </div>
  );
}

function SignInForm() {
  const { _ } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    getHub()
      .signIn({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') })
      .then((result) => {
        if (!result.ok) setError(Object.values(result.fields ?? {})[0] ?? result.message);
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setBusy(false));
  };

  return (
    <form className={styles.stack} onSubmit={submit} data-testid="signin-form">
      <p className={styles.muted}>{_(HOME_STRINGS.signInHint)}</p>
      <FormField label={_(HOME_STRINGS.emailLabel)}>
        {(control) => <input {...control} className={inputClassName} name="username" type="email" autoComplete="username" required />}
      </FormField>
      <FormField label={_(HOME_STRINGS.passwordLabel)}>
        {(control) => <input {...control} className={inputClassName} name="password" type="password" autoComplete="current-password" required />}
      </FormField>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {/* The label says "Signing in…" while it runs (a loading button would hide its name). */}
      <Button type="submit" size="large" disabled={busy}>
        {busy ? _(HOME_STRINGS.signingIn) : _(HOME_STRINGS.signIn)}
      </Button>
    </form>
  );
}
