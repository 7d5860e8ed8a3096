/**
 * Home/HomeBanners (spec 2): the newest listing and platform announcements as a carousel. It
 * turns every BANNER_ROTATE_MS unless the reader prefers reduced motion, and pauses while hovered
 * or focused; previous, next and one button per slide drive it by hand (WAI carousel pattern).
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { PostSummary } from '../../../shared/api/content';
import { formatDate } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { Button } from '../../ui/Button';
import { PageLink } from '../../ui/PageLink';
import { announcementPath } from '../../../shared/content-sections';
import { ArrowIcon } from '../../ui/icons';
import { BANNER_ROTATE_MS, bannerIndex } from '../../../shared/market-rules';
import styles from './home.module.css';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function HomeBanners({ banners, language }: { banners: readonly PostSummary[]; language: Language }) {
  const { t } = useLingui();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const shown = Math.min(current, Math.max(0, count - 1));

  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return undefined;
    const timer = window.setInterval(() => setCurrent((index) => bannerIndex(index, count, 1)), BANNER_ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  if (count === 0) return null;
  return (
    <section
      className={styles.banners}
      aria-roledescription={t`carousel`}
      aria-label={t`Announcements`}
      data-testid="home-banners"
      data-current={shown}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className={styles.slides} aria-live={paused ? 'polite' : 'off'}>
        {banners.map((banner, index) => {
          const position = index + 1;
          return (
            <div
              key={banner.id}
              className={styles.slide}
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${position} of ${count}`}
              hidden={index !== shown}
              data-testid="home-banner"
            >
              {banner.coverUrl ? <img className={styles.slideImage} src={banner.coverUrl} alt="" /> : null}
              <div className={styles.slideText}>
                <time className={styles.slideDate} dateTime={new Date(banner.publishedAt).toISOString()}>
                  {formatDate(banner.publishedAt, language)}
                </time>
                <PageLink to={announcementPath(banner.id)} className={styles.slideTitle} data-testid="home-banner-link">
                  {banner.title}
                </PageLink>
                {banner.summary ? <p className={styles.slideSummary}>{banner.summary}</p> : null}
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className={styles.slideControls}>
          <Button variant="icon" size="small" aria-label={t`Previous announcement`} onClick={() => setCurrent(bannerIndex(shown, count, -1))}>
            <ArrowIcon direction="left" />
          </Button>
          <div className={styles.dots}>
            {banners.map((banner, index) => {
              const position = index + 1;
              return (
                <button
                  key={banner.id}
                  type="button"
                  className={styles.dot}
                  aria-label={t`Show announcement ${position}`}
                  aria-current={index === shown ? 'true' : undefined}
                  onClick={() => setCurrent(index)}
                />
              );
            })}
          </div>
          <Button variant="icon" size="small" aria-label={t`Next announcement`} data-testid="home-banner-next" onClick={() => setCurrent(bannerIndex(shown, count, 1))}>
            <ArrowIcon direction="right" />
          </Button>
        </div>
      ) : null}
    </section>
  );
}
