/**
 * The emoticon picker (spec 9: EMOJI_PICKER_HEIGHT_PX high, the 57 emoticons 0 to 56): a grid of
 * buttons named after their emoticon; arrow keys move between them, Escape closes the picker.
 */
import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Button } from '../../ui/Button';
import { Emoticon } from './Emoticon';
import { EMOTICONS } from './emoticons';
import styles from './ChatComposer.module.css';

/** Buttons per row of the grid (as laid out by the CSS). */
const COLUMNS = 8;

export function EmojiPicker({ id, heightPx, onPick, onClose }: { id: string; heightPx: number; onPick: (id: number) => void; onClose: () => void }) {
  const { _ } = useLingui();
  const { t } = useLinguiMacro();
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Closes the picker only, not the chat around it.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    const move = moves[event.key];
    if (move === undefined) return;
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, index + move))];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div
      id={id}
      ref={grid}
      className={styles.picker}
      style={{ height: heightPx }}
      role="group"
      aria-label={t`Emoticons`}
      onKeyDown={onKeyDown}
      data-testid="helpdesk-emoji-picker"
    >
      {EMOTICONS.map((emoticon) => (
        <Button
          key={emoticon.id}
          variant="icon"
          size="small"
          aria-label={_(emoticon.name)}
          title={_(emoticon.name)}
          onClick={() => onPick(emoticon.id)}
          data-testid="helpdesk-emoticon"
          data-emoticon={emoticon.id}
        >
          <Emoticon id={emoticon.id} sizePx={28} decorative />
        </Button>
      ))}
    </div>
  );
}
