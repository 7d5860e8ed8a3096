/**
 * The Radix part of the kit's modals (ui/Dialog.tsx): the portal, the overlay and the content with
 * its title, close button, body and footer. Focus moves in and stays until it closes, Escape and
 * the close button close it, the page behind is inert, and on closing focus goes where the kit's
 * rule says (Dialog.tsx passes it). It is a chunk of its own with Radix's dialog and the focus and
 * scroll locks: Dialog.tsx loads it when a modal first opens, or once the page has settled.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';
import styles from './Dialog.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A sentence under the title (read out with it). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  testId?: string;
}

export interface ModalFrameProps extends ModalProps {
  kind: 'dialog' | 'sheet';
  side?: 'end' | 'bottom';
  /** Where focus goes when the modal closes (the kit's rule: focus.ts). */
  onCloseAutoFocus: (event: Event) => void;
}

export default function ModalFrame({ open, onOpenChange, title, description, children, footer, testId, kind, side, onCloseAutoFocus }: ModalFrameProps) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        {/* Without a description, aria-describedby is given as undefined: Radix then links none (and does not warn). */}
        <RadixDialog.Content
          className={styles.content}
          data-kind={kind}
          data-side={side}
          data-testid={testId}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <button type="button" className={styles.close} aria-label={t`Close`} data-testid={testId ? `${testId}-close` : undefined}>
                <CloseIcon />
              </button>
            </RadixDialog.Close>
          </header>
          {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
