/**
 * The signed-in user's unread-notification count, fed by the hub's polling, and a small sign-in
 * form so that a visitor (and the end-to-end suite) can sign in. Signing in or out goes through
 * the hub, which tells every other tab at once.
 */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { getHub } from '../../../api/hub';
import { useHubStatus } from '../../../state/hub';
import styles from './Hub.module.css';
import { HOME_STRINGS } from './strings';
import { contactOf } from '../../../../shared/profile';

export function AccountPanel() {
  const { _ } = useLingui();
  const status = useHubStatus();
  const session = status?.session ?? { status: 'unknown' as const };
  return (
    <section
      className={`${styles.card} ${styles.account}`}
      aria-labelledby="account-heading"
      data-testid="account"
      data-session={session.status}
      data-hub={status?.instanceId}
    >
      <h2 id="account-heading" className={styles.cardTitle}>
        {_(HOME_STRINGS.accountTitle)}
      </h2>
      {session.status === 'unknown' ? <p className={styles.muted}>{_(HOME_STRINGS.checkingSession)}</p> : null}
      {session.status === 'signedOut' ? <SignInForm /> : null}
      {session.status === 'signedIn' ? (
        <SignedIn identity={contactOf(session.profile)} />
      ) : null}
    </section>
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
    <div className={styles.signedIn}>
      <p>
        <span className={styles.muted}>{_(HOME_STRINGS.signedInAs)}</span>{' '}
        <strong data-testid="signed-in-as">{identity}</strong>
      </p>
      <div className={styles.unread}>
        <span>{notifications?.enabled === false ? _(HOME_STRINGS.notificationsOff) : _(HOME_STRINGS.unreadNotifications)}</span>
        <span className={styles.unreadCount} data-testid="unread-count" aria-live="polite">
          {notifications?.enabled === false ? '—' : (notifications?.unread ?? '…')}
        </span>
      </div>
      <button type="button" className={styles.secondaryButton} onClick={signOut} disabled={signingOut}>
        {_(HOME_STRINGS.signOut)}
      </button>
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
    <form className={styles.signIn} onSubmit={submit} data-testid="signin-form">
      <p className={styles.muted}>{_(HOME_STRINGS.signInHint)}</p>
      <label className={styles.field}>
        <span>{_(HOME_STRINGS.emailLabel)}</span>
        <input name="username" type="email" autoComplete="username" required />
      </label>
      <label className={styles.field}>
        <span>{_(HOME_STRINGS.passwordLabel)}</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primaryButton} disabled={busy}>
        {busy ? _(HOME_STRINGS.signingIn) : _(HOME_STRINGS.signIn)}
      </button>
    </form>
  );
}
