/**
 * One emoticon of the chat (emoticons.tsx), drawn inline and animated with CSS; still for people
 * who ask for reduced motion. In a message it is an image with its name; in the picker the
 * button carries the name and the drawing is decoration.
 */
import { useLingui } from '@lingui/react';
import { EMOTICONS, emoticonArt, type EmoticonClasses } from './emoticons';
import styles from './Emoticon.module.css';

const CLASSES: EmoticonClasses = {
  blink: styles.blink ?? '',
  drip: styles.drip ?? '',
  floatParts: styles.floatParts ?? '',
  twinkleParts: styles.twinkleParts ?? '',
  flameParts: styles.flameParts ?? '',
  spinParts: styles.spinParts ?? '',
};

/** Emoticons next to each other should not move in step: each starts a little later. */
const DELAY_STEP_S = 0.23;
const DELAY_CYCLE = 7;

export function Emoticon({ id, sizePx = 22, decorative = false }: { id: number; sizePx?: number; decorative?: boolean }) {
  const { _ } = useLingui();
  const definition = EMOTICONS[id];
  if (!definition) return null;
  const delay = `${((id % DELAY_CYCLE) * DELAY_STEP_S).toFixed(2)}s`;
  const naming = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': _(definition.name) };
  return (
    <svg className={styles.emoticon} viewBox="0 0 32 32" width={sizePx} height={sizePx} data-emoticon={id} {...naming}>
      <g className={`${styles.motion} ${styles[definition.motion] ?? ''}`} style={{ animationDelay: delay }}>
        {emoticonArt(definition, CLASSES)}
      </g>
    </svg>
  );
}
