/**
 * The handicap (spec 2, Exchange Handicap): asks above, the last price, bids below, each row
 * with its depth bar; a precision switch groups the levels to coarser price steps. Clicking a
 * row puts its price into the order form. The book is a depth view of its own (rows of buttons
 * over depth bars), not a table: exchange.module.css draws it.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { MarketSymbol, Quote } from '../../../shared/api/market';
import type { BookSnapshot } from '../../../shared/realtime';
import { buildBook, groupingOptions, type BookRow } from './book';
import { stepText } from '../../../shared/decimal';
import { inputClassName } from '../../ui/FormField';
import { Panel } from '../../ui/Panel';
import { StatusMessage } from '../../ui/StatusMessage';
import styles from './exchange.module.css';

export function OrderBook({
  symbol,
  book,
  quote,
  rows,
  onPick,
  failed,
  onRetry,
}: {
  symbol: MarketSymbol;
  book: BookSnapshot | null;
  quote: Quote | null;
  rows: number;
  onPick: (price: string) => void;
  /** No book to show: the first read failed and the hub sent none (a book, when one comes, is shown). */
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const options = groupingOptions(symbol.pricePrecision);
  const [decimals, setDecimals] = useState(symbol.pricePrecision);
  const grouping = options.includes(decimals) ? decimals : symbol.pricePrecision;
  const selectId = useId();
  const view = useMemo(
    () => (book ? buildBook(book, { decimals: grouping, pricePrecision: symbol.pricePrecision, volumePrecision: symbol.volumePrecision, rows }) : null),
    [book, grouping, symbol.pricePrecision, symbol.volumePrecision, rows],
  );
  const change = quote ? Number(quote.changePercent) : 0;

  return (
    <Panel
      title={<span id={`${selectId}-title`}>{t`Order book`}</span>}
      aria-labelledby={`${selectId}-title`}
      data-testid="exchange-book"
      data-sequence={book?.sequence ?? -1}
      actions={
        <>
          <label className="visually-hidden" htmlFor={selectId}>
            {t`Price grouping`}
          </label>
          <span className={styles.grouping}>
            <select id={selectId} className={inputClassName} value={grouping} data-testid="book-grouping" onChange={(event) => setDecimals(Number(event.target.value))}>
              {options.map((option) => (
                <option key={option} value={option}>
                  {stepText(option)}
                </option>
              ))}
            </select>
          </span>
        </>
      }
    >
      <div>
        <div className={styles.bookHeader} aria-hidden="true">
          <span>{t`Price (${symbol.quoteSymbol})`}</span>
          <span>{t`Amount (${symbol.baseSymbol})`}</span>
          <span>{t`Total`}</span>
        </div>
        {view ? (
          <>
            <ol className={styles.bookSide} data-testid="book-asks" aria-label={t`Sell orders`}>
              {[...view.asks].reverse().map((row) => (
                <BookLine key={row.price} row={row} side="ask" onPick={onPick} />
              ))}
            </ol>
            <p className={styles.bookLast} data-testid="book-last" data-direction={change >= 0 ? 'up' : 'down'}>
              {quote ? quote.c : '—'}
            </p>
            <ol className={styles.bookSide} data-testid="book-bids" aria-label={t`Buy orders`}>
              {view.bids.map((row) => (
                <BookLine key={row.price} row={row} side="bid" onPick={onPick} />
              ))}
            </ol>
          </>
        ) : failed ? (
          <StatusMessage tone="error" title={t`The order book could not be loaded.`} headingLevel={3} action={{ label: t`Try again`, onClick: onRetry }} testId="book-failed" />
        ) : (
          <StatusMessage tone="loading" title={t`Loading…`} headingLevel={3} />
        )}
      </div>
    </Panel>
  );
}

function BookLine({ row, side, onPick }: { row: BookRow; side: 'bid' | 'ask'; onPick: (price: string) => void }) {
  return (
    <li className={styles.bookRow} data-side={side} data-testid="book-row">
      <button type="button" className={styles.bookButton} onClick={() => onPick(row.price)}>
        <span className={styles.depthBar} style={{ width: `${row.depthPercent}%` }} aria-hidden="true" />
        <span className={styles.bookPrice}>{row.price}</span>
        <span>{row.quantity}</span>
        <span>{row.total}</span>
      </button>
    </li>
  );
}
