/**
 * The title of the mobile top bar: the registered page's title. The registry of every page is
 * its own chunk, loaded with the page itself, so the first paint of the home page (which has no
 * top bar) does not carry it.
 */
import { useLingui } from '@lingui/react';
import { findPage } from '../pages/registry';

export default function MobileTopBarTitle({ pathname }: { pathname: string }) {
  const { _ } = useLingui();
  const page = findPage(pathname);
  return <>{page ? _(page.title) : null}</>;
}
