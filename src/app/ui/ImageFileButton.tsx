/**
 * A button that picks an image and hands over what to upload: the browser's JPEG of it, scaled
 * to at most 1600 px at quality 0.25 (uploadImage.ts, spec 5), or null when the browser cannot
 * decode the file (the screen then says 'Invalid image.'). The file input is hidden: the button is
 * what people and assistive technology use; tests set files on the input (`${testId}-input`).
 */
import { useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import { prepareUploadImage } from './uploadImage';

export interface ImageFileButtonProps extends Omit<ButtonProps, 'onClick' | 'type' | 'children'> {
  children: ReactNode;
  onPicked: (jpeg: Blob | null) => void | Promise<void>;
  testId: string;
}

export function ImageFileButton({ children, onPicked, disabled, testId, ...rest }: ImageFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPreparing(true);
    try {
      await onPicked(await prepareUploadImage(file));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <>
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
      <Button type="button" {...rest} onClick={() => input.current?.click()} disabled={disabled || preparing} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}
