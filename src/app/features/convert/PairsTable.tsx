/**
 * The table of convert pairs (spec 2 ConvertTable): each pair the server converts directly with
 * its indicative prices, spread included: what one base currency costs when bought and brings
 * when sold ("–" while that side of the book is empty). Choosing a pair fills the form to buy
 * its base currency with its quote currency.
 */
import { useLingui } from '@lingui/react/macro';
import type { ConvertPair } from '../../../shared/api/convert';
import { pairLabel } from './convertRules';
import styles from './convert.module.css';

export function PairsTable({ pairs, onChoose }: { pairs: readonly ConvertPair[]; onChoose: (pair: ConvertPair) => void }) {
  const { t } = useLingui();
  return (
    <section className={styles.pairs} aria-labelledby="convert-pairs-title">
      <h2 id="convert-pairs-title" className={styles.sectionTitle}>
        {t`Convertible pairs`}
      </h2>
      <table className={styles.table} data-testid="convert-pairs">
        <thead>
          <tr>
            <th scope="col">{t`Pair`}</th>
            <th scope="col" className={styles.number}>
              {t`Buy price`}
            </th>
            <th scope="col" className={styles.number}>
              {t`Sell price`}
            </th>
            <th scope="col">
              <span className={styles.visuallyHidden}>{t`Action`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((pair) => (
            <tr key={pair.symbol} data-testid="convert-pair" data-symbol={pair.symbol}>
              <th scope="row">{pairLabel(pair)}</th>
              <td className={styles.number} data-label={t`Buy price`}>
                {pair.buyPrice ?? '–'}
              </td>
              <td className={styles.number} data-label={t`Sell price`}>
                {pair.sellPrice ?? '–'}
              </td>
              <td className={styles.action}>
                <button type="button" className={styles.linkButton} data-testid="convert-pair-choose" onClick={() => onChoose(pair)}>
                  {t`Convert`}
                  <span className={styles.visuallyHidden}> {pairLabel(pair)}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
