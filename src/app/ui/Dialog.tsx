/**
 * Modal dialogs: Dialog is centred; Sheet slides in from a side (or up from the bottom on a phone);
 * ConfirmDialog asks one question with a confirm and a cancel button and stays open, busy, while
 * the confirmed action runs. Controlled: the screen holds `open` and gets `onOpenChange`.
 *
 * Focus moves in and stays until the modal closes; Escape and the close button close it; the page
 * behind is inert; focus then goes back to what opened it, or to the main content when that is
 * gone (focus.ts). What they draw and how they hold focus is DialogFrame.tsx, on Radix. That part
 * (Radix's dialog with the focus and scroll locks, 10 KB compressed) is loaded when a modal first
 * opens, or once the page has settled (the prefetch rule of spec 9): a screen that shows a modal
 * only on a click (the exchange's "cancel all") no longer waits for it before its first paint
 * (issue 14).
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { prefetchWhenIdle } from '../pwa/connection';
import { Button, type ButtonVariant } from './Button';
import type { ModalFrameProps, ModalProps } from './DialogFrame';
import { keepFocusInPage } from './focus';

const loadFrame = () => import('./DialogFrame');
const ModalFrame = lazy(loadFrame);
let framePrefetched = false;

/** Renders nothing until the modal first opens; from then on the frame, which keeps it (closing included). */
function LazyModalFrame(props: Omit<ModalFrameProps, 'onCloseAutoFocus'>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  // What had the focus when the modal opened, read before the frame moves it in (its focus scope
  // does in an effect, after this layout effect). Radix gives the focus back to its own Trigger
  // only, which these controlled modals do not use: without this, it fell to the main content.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (props.open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
  }, [props.open]);
  const returnFocus = useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
    keepFocusInPage(); // the opener gone or no longer focusable (a cancelled order's row, a disabled button)
  }, []);
  useEffect(() => {
    if (framePrefetched) return;
    framePrefetched = true;
    void prefetchWhenIdle(() => void loadFrame().catch(() => undefined)); // on failure, the first open loads it again
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalFrame {...props} onCloseAutoFocus={returnFocus} />
    </Suspense>
  );
}

export function Dialog(props: ModalProps) {
  return <LazyModalFrame {...props} kind="dialog" />;
}

export function Sheet({ side = 'end', ...props }: ModalProps & { side?: 'end' | 'bottom' }) {
  return <LazyModalFrame {...props} kind="sheet" side={side} />;
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
