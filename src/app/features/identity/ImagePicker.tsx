/**
 * One image of the identity form: a file button, the picture as it will be sent (scaled in the
 * browser to at most 1600 px, JPEG at quality 0.25, spec 5) and 'Invalid image.' when the browser
 * cannot decode the file. The preview's object URL is released when the picture changes.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { prepareUploadImage } from '../../ui/uploadImage';
import styles from './identity.module.css';

export interface ImagePickerProps {
  label: string;
  hint: string;
  image: Blob | null;
  onChange: (image: Blob | null) => void;
  error?: string | null;
  testId: string;
}

export function ImagePicker({ label, hint, image, onChange, error, testId }: ImagePickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [invalid, setInvalid] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPreparing(true);
    const jpeg = await prepareUploadImage(file);
    setPreparing(false);
    setInvalid(jpeg === null);
    onChange(jpeg);
  };
  const message = invalid ? t`Invalid image.` : (error ?? null);
  return (
    <div className={styles.picker} data-testid={testId} data-picked={image ? 'true' : 'false'}>
      <p className={styles.pickerLabel} id={`${id}-label`}>
        {label}
      </p>
      <div className={styles.preview}>
        {preview ? <img src={preview} alt={label} /> : <span className={styles.previewEmpty}>{hint}</span>}
      </div>
      <input
        ref={input}
        hidden
        type="file"
        accept="image/*"
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={`${testId}-input`}
      />
      <Button type="button" variant="secondary" size="small" onClick={() => input.current?.click()}
        disabled={preparing}
        aria-label={image ? t`Choose another picture: ${label}` : t`Choose a picture: ${label}`}
        aria-describedby={message ? `${id}-error` : undefined}
        data-testid={`${testId}-button`}
      >
        {image ? t`Choose another picture` : t`Choose a picture`}
      </Button>
      {message ? (
        <p id={`${id}-error`} className={styles.pickerError} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
