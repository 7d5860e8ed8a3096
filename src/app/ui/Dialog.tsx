/**
 * Modal dialogs on Radix (focus moves in and stays until it closes, Escape and the close button
 * close it, the page behind is inert, focus goes back to what opened it, or to the main content
 * when that is gone: focus.ts). Dialog is centred;
 * Sheet slides in from a side (or up from the bottom on a phone); ConfirmDialog asks one question
 * with a confirm and a cancel button and stays open, busy, while the confirmed action runs.
 * Controlled: the screen holds `open` and gets `onOpenChange`.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { keepFocusInPage } from './focus';
import { CloseIcon } from './icons';
import styles from './Dialog.module.css';

interface ModalProps {
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

function ModalFrame({ open, onOpenChange, title, description, children, footer, testId, kind, side }: ModalProps & { kind: 'dialog' | 'sheet'; side?: 'end' | 'bottom' }) {
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
          onCloseAutoFocus={keepFocusInPage}
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

export function Dialog(props: ModalProps) {
  return <ModalFrame {...props} kind="dialog" />;
}

export function Sheet({ side = 'end', ...props }: ModalProps & { side?: 'end' | 'bottom' }) {
  return <ModalFrame {...props} kind="sheet" side={side} />;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** What is about to happen, in detail (the order's price and amount). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  /** Runs on confirm; the dialog closes when it resolves, and stays open when it throws. */
  onConfirm: () => Promise<void> | void;
  busy?: boolean;
  testId?: string;
}

export function ConfirmDialog({ open, onOpenChange, title, description, children, confirmLabel, cancelLabel, confirmVariant = 'primary', onConfirm, busy = false, testId }: ConfirmDialogProps) {
  const { t } = useLingui();
  const confirm = async () => {
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The action said why (a toast or a field error): the dialog stays for another try.
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={description}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy} data-testid={testId ? `${testId}-cancel` : undefined}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button variant={confirmVariant} onClick={() => void confirm()} loading={busy} data-testid={testId ? `${testId}-confirm` : undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
