/**
 * A hover menu (the header's, R-HEAD-02): a disclosure button and its panel. A mouse opens it by
 * hovering (unless hover is off, as for the language list on narrow screens) and a click pins
 * it open; touch and keyboard open it with a click, Enter or Space, and ArrowDown moves into
 * it. Escape, a click outside, focus leaving it, following a link inside or a choice marked
 * data-close-menu closes it. The panel
 * exists only while open, so what it holds is only in the page while it is shown.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import styles from './Dropdown.module.css';

/** How long the panel stays after the pointer leaves, to cross the gap to it. */
const HOVER_CLOSE_DELAY_MS = 150;

type OpenReason = 'hover' | 'click';

/** What closes a menu or drawer when clicked inside it: links, and buttons marked to (a language choice). */
export const CLOSING_TARGETS = 'a[href], [data-close-menu]';

export interface DropdownProps {
  /** What the button shows. */
  trigger: ReactNode;
  /** The button's accessible name when it shows only an icon. */
  triggerLabel?: string;
  triggerTestId?: string;
  triggerClassName?: string;
  /** Adds a chevron after the trigger's content. */
  chevron?: boolean;
  testId?: string;
  panelTestId?: string;
  panelClassName?: string;
  /** Hover opens it (with a mouse); off, only a click does. */
  openOnHover?: boolean;
  align?: 'start' | 'end';
  /** Runs each time the panel opens (a fresh read of what it shows). */
  onOpen?: () => void;
  children: ReactNode;
}

function focusablesIn(element: HTMLElement | null): HTMLElement[] {
  return element ? [...element.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')] : [];
}

export function Dropdown({
  trigger,
  triggerLabel,
  triggerTestId,
  triggerClassName,
  chevron = false,
  testId,
  panelTestId,
  panelClassName,
  openOnHover = true,
  align = 'start',
  onOpen,
  children,
}: DropdownProps) {
  const [open, setOpen] = useState<OpenReason | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const show = (reason: OpenReason) => {
    cancelClose();
    if (open === null) onOpen?.();
    setOpen(reason);
  };
  const close = () => {
    cancelClose();
    setOpen(null);
  };

  useEffect(() => {
    if (open === null) return undefined;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !openOnHover) return;
    if (open === null) show('hover');
    else cancelClose();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || open !== 'hover') return;
    closeTimer.current = window.setTimeout(() => setOpen(null), HOVER_CLOSE_DELAY_MS);
  };
  const onTriggerClick = () => {
    if (open === 'click') close();
    else show('click');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open !== null) {
      event.stopPropagation();
      close();
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (open === null) show('click');
    // The panel renders on the next commit: move focus once it is there.
    window.requestAnimationFrame(() => {
      const items = focusablesIn(panelRef.current);
      if (items.length === 0) return;
      const index = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index === -1 ? (step === 1 ? 0 : items.length - 1) : (index + step + items.length) % items.length;
      items[next]?.focus();
    });
  };
  // Focus that moves elsewhere closes it; focus that is lost (a button inside was removed or
  // disabled) does not: a click outside already closes it through pointerdown.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open !== null && next !== null && !rootRef.current?.contains(next)) close();
  };
  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest(CLOSING_TARGETS)) close();
  };

  return (
    <div
      ref={rootRef}
      className={styles.dropdown}
      data-testid={testId}
      data-open={open !== null ? 'true' : undefined}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName ?? styles.trigger}
        aria-expanded={open !== null}
        aria-controls={open !== null ? panelId : undefined}
        aria-label={triggerLabel}
        data-testid={triggerTestId}
        onClick={onTriggerClick}
      >
        {trigger}
        {chevron ? <ChevronDownIcon className={styles.chevron} /> : null}
      </button>
      {open !== null ? (
        <div
          ref={panelRef}
          id={panelId}
          className={`${styles.panel} ${panelClassName ?? ''}`}
          data-align={align}
          data-testid={panelTestId}
          onClick={onPanelClick}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
