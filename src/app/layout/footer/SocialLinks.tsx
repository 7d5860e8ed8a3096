/**
 * The footer's social links (spec 2, R-FOOT-01): twitter, facebook, medium and youtube, each
 * from the site config's key for the page's language (twitter_zh) or else the generic key
 * (twitter). A network without a link is left out. The networks' names are brand names, the
 * same in every language, so they are not messages to translate.
 */
import type { ReactNode } from 'react';
import type { Language } from '../../../shared/languages';
import { socialLink } from '../../../shared/layout';
import styles from './Footer.module.css';
import { SOCIAL_NETWORKS, type SocialNetwork } from './footerLinks';

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  medium: 'Medium',
  youtube: 'YouTube',
};

/** Only web links: a config value is operator input and must never become a script URL. */
function isWebLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

export function SocialLinks({ kvConfigs, language, label }: { kvConfigs: Readonly<Record<string, string>>; language: Language; label: string }) {
  const links = SOCIAL_NETWORKS.flatMap((network) => {
    const href = socialLink(kvConfigs, network, language);
    return href && isWebLink(href) ? [{ network, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className={styles.social} aria-label={label}>
      {links.map(({ network, href }) => (
        <li key={network}>
          <a className={styles.socialLink} href={href} target="_blank" rel="noopener noreferrer" aria-label={NETWORK_NAMES[network]} data-testid={`social-${network}`}>
            <SocialIcon>{SOCIAL_PATHS[network]}</SocialIcon>
          </a>
        </li>
      ))}
    </ul>
  );
}

function SocialIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
      {children}
    </svg>
  );
}

const SOCIAL_PATHS: Record<SocialNetwork, ReactNode> = {
  twitter: <path d="M4 3.5h4.6l4 5.6 4.8-5.6h2.3l-6.1 7.1 7 9.9h-4.6l-4.4-6.1-5.3 6.1H4l6.6-7.6L4 3.5Zm3 1.6 9.9 13.8h1.6L8.6 5.1H7Z" />,
  facebook: (
    <path d="M13.6 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.5-1.5h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3.1Z" />
  ),
  medium: (
    <path d="M7 6.5a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11Zm8.6.4c1.4 0 2.6 2.3 2.6 5.1s-1.2 5.1-2.6 5.1S13 14.8 13 12s1.2-5.1 2.6-5.1Zm4.2.6c.5 0 .9 2 .9 4.5s-.4 4.5-.9 4.5-.9-2-.9-4.5.4-4.5.9-4.5Z" />
  ),
  youtube: (
    <path d="M21.6 7.7a2.6 2.6 0 0 0-1.8-1.8C18.2 5.5 12 5.5 12 5.5s-6.2 0-7.8.4a2.6 2.6 0 0 0-1.8 1.8C2 9.3 2 12 2 12s0 2.7.4 4.3c.2.9.9 1.6 1.8 1.8 1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.3.4-4.3s0-2.7-.4-4.3ZM10 15V9l5.2 3-5.2 3Z" />
  ),
};
