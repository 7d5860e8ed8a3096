/**
 * A list a screen reads a page at a time under filters (the orders pages): the filters and the
 * page, a change of filter going back to the first page, and the last answer with the request it
 * answers, so that the list shows loading while that is not the current request and keeps what
 * it showed when a read fails (the client toasts the failure, spec 8). `again` is part of the
 * request: a change of it (a cancel, a result pushed by the hub) reads the same page again.
 */
import { useEffect, useState } from 'react';

export interface FilteredPages<Filters, Result> {
  filters: Filters;
  /** Changes some filters and goes back to the first page. */
  change: (next: Partial<Filters>) => void;
  /** From 0. */
  page: number;
  setPage: (page: number) => void;
  /** The last answer (null before the first). */
  result: Result | null;
  /** The answer shown is not the current request's. */
  loading: boolean;
}

export function useFilteredPages<Filters, Result>(
  initial: Filters,
  read: (filters: Filters, page: number) => Promise<Result | null | false>,
  { enabled, again = '', empty }: { enabled: boolean; again?: string; empty: Result },
): FilteredPages<Filters, Result> {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(0);
  const requestKey = JSON.stringify([filters, page, again]);
  const [answer, setAnswer] = useState<{ key: string; result: Result } | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    const settle = (got: Result | null | false) => {
      if (active) setAnswer((known) => ({ key: requestKey, result: got || (known?.result ?? empty) }));
    };
    read(filters, page).then(settle, () => settle(null));
    return () => {
      active = false;
    };
    // The request key names filters, page and `again`; `read` and `empty` are the screen's own, fixed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, enabled]);

  return {
    filters,
    change: (next) => {
      setFilters((current) => ({ ...current, ...next }));
      setPage(0);
    },
    page,
    setPage,
    result: answer?.result ?? null,
    loading: answer?.key !== requestKey,
  };
}
