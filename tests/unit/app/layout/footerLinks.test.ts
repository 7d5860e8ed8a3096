/** Proves how the footer turns the server's sections of categories 1000 and 1001 into link columns, and its fixed section (R-FOOT-03..05). */
import { describe, expect, it } from 'vitest';
import { SUPPORT_ITEMS, contentLinkGroups } from '../../../../src/app/layout/footer/footerLinks';
import { visibleItems } from '../../../../src/app/layout/navigation';
import type { FooterSection } from '../../../../src/shared/api/content';
import { siteConfigFixture } from '../../../helpers/siteConfig';

function section(id: number, name: string, firstPostId: number, count: number): FooterSection {
  return { id, name, items: Array.from({ length: count }, (_, index) => ({ id: firstPostId + index, title: `${name} ${index + 1}`, slug: null })) };
}

const CONFIG = siteConfigFixture();

describe('contentLinkGroups', () => {
  it('R-FOOT-03 R-FOOT-05 the first section links its first item to /about and the rest to their posts', () => {
    const [company] = contentLinkGroups([section(1000, 'Company', 3, 5), section(1001, 'Support', 8, 8)]);
    expect(company?.title).toBe('Company');
    expect(company?.columns).toHaveLength(1);
    expect(company?.columns[0]?.map((link) => link.path)).toEqual(['/about', '/post/detail?id=4', '/post/detail?id=5', '/post/detail?id=6', '/post/detail?id=7']);
  });

  it('R-FOOT-04 R-FOOT-05 the second section of 8 links splits after 7 into two columns, every link to its post', () => {
    const [, services] = contentLinkGroups([section(1000, 'Company', 3, 5), section(1001, 'Services', 8, 8)]);
    expect(services?.columns.map((column) => column.length)).toEqual([7, 1]);
    expect(services?.columns.flat()[0]?.path).toBe('/post/detail?id=8');
    expect(services?.columns[1]?.[0]).toEqual({ key: 'post-15', label: 'Services 8', path: '/post/detail?id=15' });
  });

  it('R-FOOT-04 a second section under 7 links stays one column', () => {
    const [, services] = contentLinkGroups([section(1000, 'Company', 3, 2), section(1001, 'Services', 8, 6)]);
    expect(services?.columns.map((column) => column.length)).toEqual([6]);
  });

  it('R-FOOT-05 goes by category id: without category 1000, the first link of 1001 is a post, not /about', () => {
    const groups = contentLinkGroups([section(1001, 'Services', 8, 3)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.columns[0]?.[0]?.path).toBe('/post/detail?id=8');
  });

  it('R-FOOT-03 keeps the order 1000 then 1001, and leaves out empty sections and other categories', () => {
    const groups = contentLinkGroups([section(1001, 'Services', 8, 2), section(40, 'Pages', 1, 2), section(1000, 'Company', 3, 2), section(1002, 'Empty', 20, 0)]);
    expect(groups.map((group) => group.key)).toEqual(['category-1000', 'category-1001']);
  });
});

describe('the fixed support section', () => {
  it('R-FOOT-03 links the help centre, announcements, college and user protection', () => {
    expect(SUPPORT_ITEMS.map((item) => item.path)).toEqual(['/help', '/announcements', '/college', '/about/UserProtectMeasures']);
  });

  it('R-ROLE-04 leaves out the areas the permission bitmask hides', () => {
    const shown = visibleItems(SUPPORT_ITEMS, { ...CONFIG, permission: 1 | 2 });
    expect(shown.map((item) => item.key)).toEqual(['help', 'userProtection']);
  });
});
