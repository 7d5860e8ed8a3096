/**
 * The footer's link sections as data (spec 2, R-FOOT-03..05): the two content sections of
 * categories 1000 and 1001 as the server lists them, and the fixed support section. The first
 * item of the first section is the About page, every other item its post; the second section
 * splits into two columns at FOOTER_SPLIT_ITEMS items.
 */
import { msg } from '@lingui/core/macro';
import type { FooterSection } from '../../../shared/api/content';
import { FOOTER_CATEGORY_IDS } from '../../../shared/constants';
import { footerLinkPath, splitFooterSection } from '../../../shared/layout';
import type { NavItem } from '../navigation';

export interface FooterLink {
  key: string;
  label: string;
  /** A page path without a language prefix (PageLink adds it). */
  path: string;
}

export interface FooterLinkGroup {
  key: string;
  title: string;
  /** One column, or two once the second section has FOOTER_SPLIT_ITEMS links or more. */
  columns: FooterLink[][];
}

/** Which of the footer categories a section is (0 for 1000, 1 for 1001), -1 for any other. */
function footerSectionIndex(categoryId: number): number {
  return (FOOTER_CATEGORY_IDS as readonly number[]).indexOf(categoryId);
}

/**
 * The content sections in the footer's order. The index comes from the category id, not the
 * list position, so that a missing category 1000 does not make 1001's first link the About page.
 */
export function contentLinkGroups(sections: readonly FooterSection[]): FooterLinkGroup[] {
  const groups: { sectionIndex: number; group: FooterLinkGroup }[] = [];
  for (const section of sections) {
    const sectionIndex = footerSectionIndex(section.id);
    if (sectionIndex < 0 || section.items.length === 0) continue;
    const links = section.items.map((item, itemIndex) => ({
      key: `post-${item.id}`,
      label: item.title,
      path: footerLinkPath(sectionIndex, itemIndex, item.id),
    }));
    const columns = sectionIndex === 1 ? splitFooterSection(links) : [links];
    groups.push({ sectionIndex, group: { key: `category-${section.id}`, title: section.name, columns } });
  }
  return groups.sort((first, second) => first.sectionIndex - second.sectionIndex).map(({ group }) => group);
}

/** The fixed section: help, news and learning, and how users are protected. */
export const SUPPORT_ITEMS: readonly NavItem[] = [
  { key: 'help', path: '/help', title: msg`Help centre` },
  { key: 'announcements', path: '/announcements', title: msg`Announcements` },
  { key: 'college', path: '/college', title: msg`College` },
  { key: 'userProtection', path: '/about/UserProtectMeasures', title: msg`User protection` },
];

/** The social networks of spec 2, in the footer's order, with the names their links are read by. */
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'medium', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The kvConfigs key of the street address the org host shows (per-language keys win, as for social links). */
export const ORG_ADDRESS_KEY = 'usAddress';
