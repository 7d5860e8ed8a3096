/**
 * Small pieces every market screen shares: a coin's icon and a 24 h change badge (a sign with its
 * colour, never the colour alone).
 */
import { changeTone, signedChange } from '../../shared/market-rules';
import styles from './MarketBits.module.css';

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
