/**
 * The console's notifications: an operator sends a message to one account (by e-mail or by id)
 * or to every active account. It arrives as a notification of type 0 ("Other") in the account's
 * bell and notification centre, shown as plain text. Sending to everyone asks first: it cannot
 * be taken back.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CallBody } from '../../../shared/api/call';
import { NOTIFY_MESSAGE_MAX, notifyCall } from '../../../shared/api/operator';
import { callApi } from '../../api/client';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { FormField, inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { Select } from '../../ui/Select';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { operatorFormRefusal } from './formRefusal';
import styles from './operator.module.css';

type NotifyTarget = 'email' | 'userId' | 'all';
type NotifyField = 'email' | 'userId' | 'message';

interface NotifyDraft {
  target: NotifyTarget;
  email: string;
  userId: string;
  message: string;
}

/** The call's schema: an e-mail of 3 to 254 characters (lengths are the inputs' maxLength). */
const EMAIL_LENGTH_MIN = 3;
const EMAIL_LENGTH_MAX = 254;

function notifyTargetOf(value: string): NotifyTarget {
  return value === 'userId' || value === 'all' ? value : 'email';
}

/** The form's own checks, as the call's schema makes them. */
function notifyProblems(draft: NotifyDraft): Partial<Record<NotifyField, 'required' | 'email' | 'userId'>> {
  const problems: Partial<Record<NotifyField, 'required' | 'email' | 'userId'>> = {};
  if (draft.message.trim() === '') problems.message = 'required';
  if (draft.target === 'email' && draft.email.trim().length < EMAIL_LENGTH_MIN) problems.email = draft.email.trim() === '' ? 'required' : 'email';
  if (draft.target === 'userId' && !/^[1-9]\d{0,15}$/.test(draft.userId.trim())) problems.userId = draft.userId.trim() === '' ? 'required' : 'userId';
  return problems;
}

/** Exactly one target, as the call asks. */
function notifyBody(draft: NotifyDraft): CallBody<typeof notifyCall> {
  const message = draft.message.trim();
  if (draft.target === 'all') return { all: true, message };
  if (draft.target === 'userId') return { userId: Number(draft.userId.trim()), message };
  return { email: draft.email.trim(), message };
}

export function NotifySection() {
  const { t } = useLingui();
  const [draft, setDraft] = useState<NotifyDraft>({ target: 'email', email: '', userId: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<NotifyField, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // After a check or a refusal, the focus goes to the first field in trouble.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const problemText = {
    required: t`This field is required.`,
    email: t`Enter the account's e-mail address.`,
    userId: t`Enter the account's ID: a whole number.`,
  };

  const change = <Key extends keyof NotifyDraft>(key: Key, value: NotifyDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  /** Sends the notification; what went wrong shows under the form (a refusal as the client's toast too). */
  const { run: send, busy } = useSubmitOnce(async () => {
    setSent(null);
    setFormProblem(null);
    const unreachable = t`The platform could not be reached. Try again in a moment.`;
    try {
      const answer = await callApi(notifyCall, { body: notifyBody(draft) });
      if (answer === false) {
        setFormProblem(unreachable);
        return;
      }
      setSent(answer.created);
      setDraft((current) => ({ ...current, message: '' }));
    } catch (error) {
      const refusal = operatorFormRefusal(error, unreachable);
      const { email, userId, message, ...others } = refusal.fields;
      setErrors({ email, userId, message });
      setFormProblem(refusal.form ?? Object.values(others)[0] ?? null);
      setFocusRequest((count) => count + 1);
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = notifyProblems(draft);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, problem]) => [field, problemText[problem]])));
    if (Object.keys(found).length > 0) {
      setFocusRequest((count) => count + 1);
      return;
    }
    if (draft.target === 'all') setConfirming(true);
    else void send();
  };

  const targets = [
    { value: 'email', label: t`One account, by e-mail address` },
    { value: 'userId', label: t`One account, by ID` },
    { value: 'all', label: t`Every account` },
  ];
  const length = draft.message.length;
  const max = NOTIFY_MESSAGE_MAX;
  return (
    <div className={styles.section} data-testid="operator-notify">
      <Panel title={t`Send a notification`}>
        <form ref={formRef} className={styles.form} onSubmit={submit} noValidate data-testid="notify-form" data-target={draft.target}>
          <FormField label={t`Send to`}>
            {(control) => <Select {...control} value={draft.target} onValueChange={(value) => change('target', notifyTargetOf(value))} options={targets} testId="notify-target" />}
          </FormField>
          {draft.target === 'email' ? (
            <FormField label={t`E-mail address`} error={errors.email}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  className={inputClassName}
                  value={draft.email}
                  onChange={(event) => change('email', event.target.value)}
                  maxLength={EMAIL_LENGTH_MAX}
                  autoComplete="off"
                  data-testid="notify-email"
                />
              )}
            </FormField>
          ) : null}
          {draft.target === 'userId' ? (
            <FormField label={t`Account ID`} error={errors.userId} hint={t`The ID the Users page shows.`}>
              {(control) => (
                <input
                  {...control}
                  className={inputClassName}
                  value={draft.userId}
                  onChange={(event) => change('userId', event.target.value.replace(/\D/g, ''))}
                  inputMode="numeric"
                  maxLength={16}
                  autoComplete="off"
                  data-testid="notify-user-id"
                />
              )}
            </FormField>
          ) : null}
          <FormField
            label={t`Message`}
            error={errors.message}
            labelExtra={<span data-testid="notify-count" data-length={length}>{t`${length} of ${max} characters`}</span>}
            hint={t`The account sees it as plain text under "Other" in its bell and notification centre. It is not translated.`}
          >
            {(control) => (
              <textarea
                {...control}
                className={`${inputClassName} ${styles.multiline}`}
                value={draft.message}
                onChange={(event) => change('message', event.target.value)}
                maxLength={NOTIFY_MESSAGE_MAX}
                rows={5}
                data-testid="notify-message"
              />
            )}
          </FormField>
          {formProblem ? (
            <p className={styles.problems} role="alert" data-testid="notify-problem">
              {formProblem}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" loading={busy} data-testid="notify-submit">
              {draft.target === 'all' ? t`Send to every account…` : t`Send`}
            </Button>
          </div>
          {sent !== null ? <NotifySent count={sent} /> : null}
        </form>
      </Panel>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Send this notification to every account?`}
        description={t`Every active account gets it in its notification centre. A sent notification cannot be taken back.`}
        confirmLabel={t`Send to every account`}
        onConfirm={send}
        busy={busy}
        testId="notify-confirm"
      >
        <p className={styles.quote}>{draft.message.trim()}</p>
      </ConfirmDialog>
    </div>
  );
}

function NotifySent({ count }: { count: number }) {
  const { t } = useLingui();
  return <StatusMessage tone="neutral" title={count === 1 ? t`Sent to 1 account.` : t`Sent to ${count} accounts.`} headingLevel={3} testId="notify-done" />;
}
