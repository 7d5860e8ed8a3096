/**
 * Small pieces every market screen shares: a coin's icon and a 24 h change badge (a sign with its
 * colour, never the colour alone).
 */
import { useEffect, useState } from 'react';
import { changeTone, signedChange } from '../../shared/market-rules';
import { coinSymbolFor, knownCoinSymbol } from './coinSprite';
import styles from './MarketBits.module.css';

/**
 * A coin's icon, decorative (the coin's code is beside it): a use of the page's coin sprite
 * (coinSprite.ts), an empty box of its size until the icon's file is in, or the file's <img> when
 * the sprite cannot hold it.
 */
export function CoinIcon({ src, size = 24 }: { src: string; size?: number }) {
  // The sprite knows the icons it holds; this state only wakes the icon when its file is in.
  const [, setLoaded] = useState<string | null>(null);
  const symbol = knownCoinSymbol(src);
  useEffect(() => {
    if (knownCoinSymbol(src) !== undefined) return undefined;
    let current = true;
    void coinSymbolFor(src).then(() => current && setLoaded(src));
    return () => {
      current = false;
    };
  }, [src]);
  if (symbol === null) return <img className={styles.coin} src={src} alt="" width={size} height={size} loading="lazy" />;
  return (
    <svg className={styles.coin} width={size} height={size} aria-hidden="true" focusable="false" data-coin-icon={src}>
      {symbol ? <use href={`#${symbol}`} /> : null}
    </svg>
  );
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
