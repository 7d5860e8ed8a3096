/**
 * The kit's table: every list of rows a screen shows (markets, orders, history, records). It owns
 * what each screen would otherwise write again: sortable headers (a button in the header cell, the
 * order said by aria-sort), the loading, empty and error states in the table's place, paging or
 * "load more" below it, and a stacked layout on phones, where each row becomes a card and each
 * cell carries its column's name. A screen gives columns and rows; it keeps no table CSS.
 */
import { useLingui } from '@lingui/react/macro';
import type { HTMLAttributes, ReactNode } from 'react';
import { below } from './breakpoints';
import { Button } from './Button';
import { SortIcon } from './icons';
import { StatusMessage } from './StatusMessage';
import { useMediaQuery } from './useMediaQuery';
import styles from './DataTable.module.css';

export type SortDirection = 'ascending' | 'descending';

export interface DataColumn<Row> {
  key: string;
  /** The header cell's text; also each cell's label in the stacked phone layout. */
  label: string;
  /** Shown instead of the label in the header cell, when it needs more than text. */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end' | 'center';
  sortable?: boolean;
  /**
   * Left out on phones: of the stacked cards, or of the table when it does not stack (a detail a
   * phone does without). Its cells are not rendered there at all, so their formatting costs
   * nothing (the quotes table's compact volume took 76 ms of a slow phone's first paint).
   */
  hideOnPhone?: boolean;
  /** The column's own width (CSS), when the content should not decide it. */
  width?: string;
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The table's name for screen readers (visually hidden caption). */
  caption: string;
  state?: 'loading' | 'ready' | 'error';
  /** What an empty table says. */
  empty?: ReactNode;
  error?: { title: string; detail?: ReactNode; retry?: () => void };
  sort?: { key: string; direction: SortDirection } | null;
  onSort?: (key: string) => void;
  /** Attributes of each row (data-testid, data-id, an onClick that opens it). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | boolean | undefined>;
  /** "Load more" below the rows. */
  loadMore?: { onLoadMore: () => void; loading?: boolean; failed?: boolean };
  /** Pages below the rows (test ids of its parts for a screen whose tests named them before it used the kit). */
  paging?: { page: number; pageCount: number; onPage: (page: number) => void; testIds?: { previous?: string; page?: string; next?: string } };
  /** Compact rows (small text, little padding) for a dense panel: a trading page's trades and markets. */
  density?: 'comfortable' | 'compact';
  /** Stack rows as cards below 820 px (default), or keep the table and let it scroll. */
  stackOnPhone?: boolean;
  testId?: string;
  className?: string;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useLingui();
  const { rows, rowKey, caption, state = 'ready', sort, onSort, rowProps, stackOnPhone = true, density = 'comfortable', testId, className } = props;
  const phone = useMediaQuery(below('phone'));
  const columns = phone ? props.columns.filter((column) => !column.hideOnPhone) : props.columns;
  if (state === 'loading' && rows.length === 0) {
    return (
      <div className={styles.state} data-testid={testId} data-state="loading">
        <StatusMessage tone="loading" title={t`Loading`} headingLevel={3} />
      </div>
    );
  }
  if (state === 'error') {
    const { error } = props;
    return (
      <div className={styles.state} data-testid={testId} data-state="error">
        <StatusMessage
          tone="error"
          title={error?.title ?? t`This list could not be loaded.`}
          detail={error?.detail}
          headingLevel={3}
          action={error?.retry ? { label: t`Try again`, onClick: error.retry } : undefined}
        />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className={styles.state} data-testid={testId} data-state="empty">
        <p className={styles.empty}>{props.empty ?? t`Nothing to show yet.`}</p>
      </div>
    );
  }
  return (
    <div className={[styles.wrapper, className ?? ''].filter(Boolean).join(' ')} data-testid={testId} data-state={state} data-stack={stackOnPhone ? 'phone' : 'never'} data-density={density}>
      <table className={styles.table} aria-busy={state === 'loading' || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={styles.headerCell}
                  data-align={column.align ?? 'start'}
                  aria-sort={column.sortable ? (direction ?? 'none') : undefined}
                  data-phone={column.hideOnPhone ? 'hidden' : undefined}
                  style={column.width ? { width: column.width } : undefined}
                >
                  {column.sortable && onSort ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSort(column.key)} data-testid={`sort-${column.key}`}>
                      {column.header ?? column.label}
                      <SortIcon direction={direction ?? 'none'} />
                    </button>
                  ) : (
                    (column.header ?? column.label)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={styles.row} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td key={column.key} className={styles.cell} data-align={column.align ?? 'start'} data-label={column.label} data-phone={column.hideOnPhone ? 'hidden' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <TableFooter {...props} />
    </div>
  );
}

function TableFooter<Row>({ loadMore, paging }: DataTableProps<Row>) {
  const { t } = useLingui();
  if (loadMore) {
    return (
      <div className={styles.footer}>
        {loadMore.failed ? (
          <p role="alert" className={styles.footerNote}>
            {t`More could not be loaded.`}
          </p>
        ) : null}
        <Button variant="secondary" onClick={loadMore.onLoadMore} loading={loadMore.loading} data-testid="load-more">
          {loadMore.failed ? t`Try again` : t`Load more`}
        </Button>
      </div>
    );
  }
  if (paging && paging.pageCount > 1) {
    const { page, pageCount, onPage, testIds } = paging;
    return (
      <nav className={styles.footer} aria-label={t`Pages`}>
        <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid={testIds?.previous ?? 'page-previous'}>
          {t`Previous`}
        </Button>
        <span className={styles.footerNote} aria-live="polite" data-testid={testIds?.page ?? 'page-number'}>
          {t`Page ${page} of ${pageCount}`}
        </span>
        <Button variant="secondary" size="small" disabled={page >= pageCount} onClick={() => onPage(page + 1)} data-testid={testIds?.next ?? 'page-next'}>
          {t`Next`}
        </Button>
      </nav>
    );
  }
  return null;
}
