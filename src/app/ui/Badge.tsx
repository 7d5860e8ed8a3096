/**
 * A short status word (Open, Filled, Verified, VIP 3) in a pill. The tone colours it; the word
 * carries the meaning, so the colour is never the only sign.
 */
import type { HTMLAttributes } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'brand' | 'buy' | 'sell';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={[styles.badge, className ?? ''].filter(Boolean).join(' ')} data-tone={tone} {...rest} />;
}
