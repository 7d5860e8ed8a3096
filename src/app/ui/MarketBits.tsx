/**
 * Small pieces every market screen shares: a coin's icon, a 24 h change badge and the icons of
 * the quotes page (star, search).
 */
import { changeTone, signedChange } from '../../shared/market-rules';
import styles from './market.module.css';

export function CoinIcon({ src, size = 24 }: { src: string; size?: number }) {
  return <img className={styles.coin} src={src} alt="" width={size} height={size} loading="lazy" />;
}

export function ChangeBadge({ changePercent, testId }: { changePercent: string | undefined; testId?: string }) {
  if (changePercent === undefined) {
    return (
      <span className={styles.change} data-tone="flat" data-testid={testId}>
        —
      </span>
    );
  }
  return (
    <span className={styles.change} data-tone={changeTone(changePercent)} data-testid={testId}>
      {signedChange(changePercent)}
    </span>
  );
}

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
