/**
 * The frame of a page's content: its title as the page heading (and the document title), then
 * the page. Screens a later release builds show their frame with the one placeholder the
 * product allows: a short notice that the screen is coming (ComingSoon).
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import styles from './PageFrame.module.css';

export function PageFrame({ title, siteName, children, wide = false }: { title: string; siteName?: string; children: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = siteName ? `${title} | ${siteName}` : title;
  }, [title, siteName]);
  return (
    <div className={styles.frame} data-wide={wide ? 'true' : undefined}>
      <h1 className={styles.title} data-testid="page-title">
        {title}
      </h1>
      {children}
    </div>
  );
}

export function ComingSoon() {
  const { t } = useLingui();
  return (
    <p className={styles.comingSoon} role="status" data-testid="coming-soon">
      {t`This screen is coming soon.`}
    </p>
  );
}
