/**
 * One image of the identity form: the picture as it will be sent (scaled in the browser to at
 * most 1600 px, JPEG at quality 0.25, spec 5), the button that picks it, and 'Invalid image.' when
 * the browser cannot decode the file. The preview's object URL is released when the picture changes.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { ImageFileButton } from '../../ui/ImageFileButton';
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
  const id = useId();
  const [invalid, setInvalid] = useState(false);
  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const message = invalid ? t`Invalid image.` : (error ?? null);
  return (
    <div className={styles.picker} data-testid={testId} data-picked={image ? 'true' : 'false'}>
      <p className={styles.pickerLabel}>{label}</p>
      <div className={styles.preview}>
        {preview ? <img src={preview} alt={label} /> : <span className={styles.previewEmpty}>{hint}</span>}
      </div>
      <ImageFileButton
        variant="secondary"
        size="small"
        onPicked={(jpeg) => {
          setInvalid(jpeg === null);
          onChange(jpeg);
        }}
        aria-label={image ? t`Choose another picture: ${label}` : t`Choose a picture: ${label}`}
        aria-describedby={message ? `${id}-error` : undefined}
        testId={`${testId}-button`}
      >
        {image ? t`Choose another picture` : t`Choose a picture`}
      </ImageFileButton>
      {message ? (
        <p id={`${id}-error`} className={styles.pickerError} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
