/**
 * A popover on Radix: a button opens a floating panel beside it (positioned to stay on screen),
 * Escape or a click outside closes it and focus returns to the button. For content a user reads or
 * fills in; a list of actions is a Menu.
 */
import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import styles from './Overlay.module.css';

export interface PopoverProps {
  /** The element that opens it (a Button): it gets the popover's ARIA and toggle. */
  trigger: ReactNode;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  label?: string;
  testId?: string;
}

export function Popover({ trigger, children, open, onOpenChange, align = 'start', label, testId }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className={styles.surface} align={align} sideOffset={6} collisionPadding={8} aria-label={label} data-testid={testId}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
