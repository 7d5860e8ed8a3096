/**
 * /Home/MoreMenu (spec 2): the mobile 'more' page, every navigation group of the header that the
 * site config shows (spec 1), each with its pages as a tappable list.
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi, useLocation } from '@tanstack/react-router';
import { NAV_GROUPS, visibleGroups } from '../../../layout/navigation';
import { PageFrame } from '../../../layout/PageFrame';
import { findPage } from '../../../pages/registry';
import { MenuList, MenuSection } from './-components/MenuList';
import styles from './-components/MobileMenu.module.css';

export const Route = createFileRoute('/{-$locale}/home/moremenu')({
  component: MoreMenu,
});

const localeRoute = getRouteApi('/{-$locale}');

function MoreMenu() {
  const config = localeRoute.useLoaderData();
  const { pathname } = useLocation();
  const { _ } = useLingui();
  const page = findPage(pathname);
  const groups = visibleGroups(NAV_GROUPS, config);
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name}>
      <div className={styles.page} data-testid="more-menu">
        {groups.map((group) => (
          <MenuSection key={group.key} title={_(group.title)} testId={`more-group-${group.key}`}>
            <MenuList
              rows={group.items.map((item) => ({
                key: item.key,
                path: item.path,
                label: _(item.title),
                description: item.description ? _(item.description) : undefined,
              }))}
            />
          </MenuSection>
        ))}
      </div>
    </PageFrame>
  );
}
