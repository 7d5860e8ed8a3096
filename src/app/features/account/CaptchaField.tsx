/**
 * The image captcha the server asks for after repeated failed sign-ins (errcode 8). The image is
 * GET /api/v1/vcode/image, drawn for this browser's session; each load replaces the previous
 * answer, so the form asks for a new image after every attempt, and a click on it draws another.
 */
import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { captchaImageCall } from '../../../shared/api/account';
import { API_BASE_PATH } from '../../../shared/client/client';
import { Button } from '../../ui/Button';
import styles from './account.module.css';
import { Field, FieldInput, useFieldIds } from './Field';

/** The image's address; the nonce makes each refresh a new request the browser cannot cache. */
export function captchaImageUrl(nonce: number): string {
  return `${API_BASE_PATH}${captchaImageCall.path.replace(/^\//, '')}?t=${nonce}`;
}

export interface CaptchaFieldProps {
  value: string;
  onChange: (value: string) => void;
  nonce: number;
  onRefresh: () => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function CaptchaField({ value, onChange, nonce, onRefresh, error, inputRef }: CaptchaFieldProps) {
  const { t } = useLingui();
  const ids = useFieldIds();
  const hint = t`Select the image to get another one.`;
  return (
    <Field ids={ids} label={t`Characters in the image`} error={error} hint={hint}>
      <div className={styles.captchaRow}>
        <div className={styles.control} data-invalid={Boolean(error)}>
          <FieldInput
            inputRef={inputRef}
            type="text"
            name="captcha"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={16}
            value={value}
            onChange={onChange}
            testId="captcha-input"
          />
        </div>
        <Button variant="secondary" className={styles.captchaButton} onClick={onRefresh} aria-label={t`Show another image`}>
          <img src={captchaImageUrl(nonce)} alt="" width={128} height={46} data-testid="captcha-image" />
        </Button>
      </div>
    </Field>
  );
}
