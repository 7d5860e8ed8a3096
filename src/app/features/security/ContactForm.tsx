/**
 * Binding or changing the e-mail (POST /account/email) or the phone (POST /account/phone): the
 * new contact with a code sent to it, and when one of its kind is bound already, a code sent to
 * that one as well; the GA code while GA is bound. The server checks spec 5's formats and that no
 * other account has the contact, and says so in a toast.
 */
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { ContactType, Profile } from '../../../shared/api/account';
import { bindEmailCall, bindPhoneCall, SECURITY_SEND_CODE_CALLS } from '../../../shared/api/security';
import { loadProfile } from '../../state/session';
import { showToast } from '../../state/hub-store';
import { Button } from '../../ui/Button';
import { useSubmitOnce } from '../../ui/useSubmitOnce';
import { GaCodeField, TextField } from '../../ui/TextField';
import { SendCodeButton } from './fields';
import { ownContactText, sendOwnCode } from './ownCode';
import { send } from './securityCalls';
import styles from './security.module.css';

const SUCCESS_TOAST_MS = 4_000;
const DEFAULT_COUNTRY_CODE = '+86';

export interface ContactFormProps {
  kind: ContactType;
  profile: Profile;
  gaBound: boolean;
  onDone: () => void;
}

export function ContactForm({ kind, profile, gaBound, onDone }: ContactFormProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState(profile.countryCode || DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [vcode, setVcode] = useState('');
  const [currentVcode, setCurrentVcode] = useState('');
  const [gaCode, setGaCode] = useState('');
  const hasCurrent = kind === 'email' ? Boolean(profile.email) : Boolean(profile.phone);
  const contactText = ownContactText(profile, kind);
  const codes = { vcode, ...(hasCurrent ? { currentVcode } : {}), ...(gaBound ? { gaCode } : {}) };

  const sendNewCode = async () => {
    const body = kind === 'email' ? { type: kind, email } : { type: kind, countryCode, phone };
    return (await send(SECURITY_SEND_CODE_CALLS.bindcontact, { body }))?.resendAfterSeconds ?? null;
  };
  const { run, busy } = useSubmitOnce(async () => {
    const answer = kind === 'email' ? await send(bindEmailCall, { body: { email, ...codes } }) : await send(bindPhoneCall, { body: { countryCode, phone, ...codes } });
    if (answer === null) return;
    showToast(kind === 'email' ? t`Your e-mail address is saved.` : t`Your phone number is saved.`, SUCCESS_TOAST_MS, 'success');
    await loadProfile(true);
    onDone();
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={`contact-form-${kind}`}>
      {hasCurrent ? <p className={styles.current}>{kind === 'email' ? t`Current e-mail address: ${contactText}` : t`Current phone number: ${contactText}`}</p> : null}
      {kind === 'email' ? (
        <TextField label={t`New e-mail address`} type="email" inputMode="email" autoComplete="email" maxLength={254} value={email} onChange={setEmail} testId="contact-email" />
      ) : (
        <div className={styles.phoneRow}>
          <TextField label={t`Country code`} type="tel" inputMode="tel" maxLength={5} value={countryCode} onChange={setCountryCode} testId="contact-country-code" />
          <TextField label={t`New phone number`} type="tel" inputMode="tel" autoComplete="tel-national" maxLength={20} value={phone} onChange={setPhone} testId="contact-phone" />
        </div>
      )}
      <TextField
        label={hasCurrent ? t`Code sent to the new one` : t`Verification code`}
        value={vcode}
        onChange={setVcode}
        inputMode="numeric"
        maxLength={16}
        action={<SendCodeButton onSend={sendNewCode} testId="contact-send-new-code" />}
        testId="contact-code"
      />
      {hasCurrent ? (
        <TextField
          label={t`Code sent to the current one`}
          value={currentVcode}
          onChange={setCurrentVcode}
          inputMode="numeric"
          maxLength={16}
          hint={t`Sent to ${contactText}`}
          action={<SendCodeButton onSend={() => sendOwnCode('changecontact', kind)} testId="contact-send-current-code" />}
          testId="contact-current-code"
        />
      ) : null}
      {gaBound ? <GaCodeField value={gaCode} onChange={setGaCode} /> : null}
      <Button type="submit" loading={busy} block data-testid="contact-submit">
        {t`Save`}
      </Button>
    </form>
  );
}
