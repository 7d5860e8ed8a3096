/**
 * The footer of spec 2 (R-FOOT-01..08): the site's logo and name, its social links, the support
 * e-mail (com or org by host) and a live clock; the two link sections of content categories 1000
 * and 1001 and the fixed support section; the copyright line, and on the org host the street
 * address. Full layout above 1280 px; the mini collapse layout between 1024 and 1280 px (the
 * brand on one line, the sections as toggles in a compact grid); on phones the sections are
 * collapsible. The layout hides the footer on the pages of isFooterHidden.
 */
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SiteConfig } from '../../../shared/api/site';
import { isOrgHost, socialLink, supportEmail } from '../../../shared/layout';
import { useLanguage } from '../../i18n/useLanguage';
import { PageLink } from '../../ui/PageLink';
import { SiteMark } from '../SiteMark';
import { visibleItems } from '../navigation';
import styles from './Footer.module.css';
import { FooterClock } from './FooterClock';
import { ORG_ADDRESS_KEY, SUPPORT_ITEMS, contentLinkGroups, type FooterLinkGroup } from './footerLinks';
import { SocialLinks } from './SocialLinks';
import { useFooterLayout, type FooterLayout } from './useFooterLayout';
import { useFooterSections } from './useFooterSections';

export function Footer({ config }: { config: SiteConfig }) {
  const { t } = useLingui();
  const { _ } = useLinguiRuntime();
  const language = useLanguage();
  const layout = useFooterLayout();
  const sections = useFooterSections(language);
  const hostname = window.location.hostname;
  const email = supportEmail(config.name, hostname);
  const address = isOrgHost(hostname) ? socialLink(config.kvConfigs, ORG_ADDRESS_KEY, language) : undefined;
  const year = new Date(config.time).getFullYear();
  const siteName = config.name;
  const supportGroup: FooterLinkGroup = {
    key: 'support',
    title: t`Support`,
    columns: [visibleItems(SUPPORT_ITEMS, config).map((item) => ({ key: item.key, label: _(item.title), path: item.path }))],
  };
  const groups = [...contentLinkGroups(sections), supportGroup].filter((group) => group.columns[0]?.length);
  return (
    <footer className={styles.footer} data-layout={layout} data-testid="footer">
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brandBlock}>
            <PageLink to="/" className={styles.brand} data-testid="footer-brand">
              <SiteMark className={styles.mark} />
              <span>{siteName}</span>
            </PageLink>
            <SocialLinks kvConfigs={config.kvConfigs} language={language} label={t`${siteName} on social media`} />
            <p className={styles.contact}>
              <MailIcon />
              <a href={`mailto:${email}`} data-testid="support-email">
                {email}
              </a>
            </p>
            <FooterClock serverTimeMs={config.time} language={language} />
          </div>
          <nav className={styles.sections} aria-label={t`Footer`}>
            {groups.map((group) => (
              <FooterGroup key={group.key} group={group} layout={layout} />
            ))}
          </nav>
        </div>
        <div className={styles.bottom}>
          <p data-testid="copyright">{t`© ${year} ${siteName}. All rights reserved.`}</p>
          {address ? (
            <p className={styles.address} data-testid="org-address">
              {address}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

/** A section: a titled list of columns on wide screens, a toggle below 1280 px. */
function FooterGroup({ group, layout }: { group: FooterLinkGroup; layout: FooterLayout }) {
  const headingId = useId();
  const columns = (
    <div className={styles.columns} data-columns={group.columns.length}>
      {group.columns.map((column, index) => (
        <ul key={index} className={styles.links}>
          {column.map((link) => (
            <li key={link.key}>
              <PageLink to={link.path} className={styles.link}>
                {link.label}
              </PageLink>
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
  if (layout === 'full') {
    return (
      <section className={styles.section} aria-labelledby={headingId} data-testid={`footer-section-${group.key}`} data-columns={group.columns.length}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {group.title}
        </h2>
        {columns}
      </section>
    );
  }
  return (
    <details className={styles.section} data-testid={`footer-section-${group.key}`} data-columns={group.columns.length}>
      <summary className={styles.sectionToggle}>
        <span>{group.title}</span>
        <ChevronIcon />
      </summary>
      {columns}
    </details>
  );
}

function MailIcon() {
  return (
    <svg className={styles.inlineIcon} viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" aria-hidden="true">
      <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
      <path d="m3 5.5 7 5.5 7-5.5" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg className={styles.chevron} viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m5.5 7.5 4.5 4.5 4.5-4.5" />
    </svg>
  );
}
