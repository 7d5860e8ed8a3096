/**
 * A side drawer for compact screens (R-HEAD-08, R-HEAD-14): a modal dialog DRAWER_WIDTH_PX wide,
 * the full width under BREAKPOINT_DRAWER_FULL_PX. Focus moves into it and stays there while it
 * is open, and goes back to the button that opened it; Escape, the close button, the backdrop,
 * following a link inside and a choice marked data-close-menu close it. The page behind does not scroll meanwhile.
 * It renders on <body>, above everything the page has.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CLOSING_TARGETS } from './Dropdown';
import { CloseIcon } from './icons';
import styles from './Drawer.module.css';

export interface DrawerProps {
  label: string;
  side: 'start' | 'end';
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary, input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

export function Drawer({ label, side, testId, onClose, children }: DrawerProps) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  /** Tab and Shift+Tab wrap around inside the drawer. */
  const trapFocus = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest(CLOSING_TARGETS)) onClose();
  };

  // On <body>: the sticky header is a stacking context that the bottom navigation would cover.
  return createPortal(
    <div className={styles.layer}>
      <div className={styles.backdrop} data-testid={`${testId}-backdrop`} onClick={onClose} aria-hidden="true" />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className={styles.drawer}
        data-drawer=""
        data-side={side}
        data-testid={testId}
        onKeyDown={trapFocus}
      >
        <div className={styles.header}>
          <span className={styles.title}>{label}</span>
          <button ref={closeRef} type="button" className={styles.close} aria-label={t`Close`} data-testid={`${testId}-close`} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body} onClick={closeOnLink}>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
