/**
 * /Profile/Individual/UpLoad (spec 2, the user menu's ID verification, R-MENU-03; also the
 * component page Profile/Individual/UpLoad, the same path): the signed-in user's identity
 * verification in the page frame; a visitor is asked to log in. The screen lives in
 * features/identity.
 */
import { useLingui } from '@lingui/react';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { IdentityUpload } from '../../../../features/identity/IdentityUpload';
import { PageFrame } from '../../../../layout/PageFrame';
import { findPage } from '../../../../pages/registry';

export const Route = createFileRoute('/{-$locale}/profile/individual/upload')({
  component: IdentityUploadPage,
});

const localeRoute = getRouteApi('/{-$locale}');

function IdentityUploadPage() {
  const config = localeRoute.useLoaderData();
  const { _ } = useLingui();
  const page = findPage('/Profile/Individual/UpLoad');
  return (
    <PageFrame title={page ? _(page.title) : ''} siteName={config.name}>
      <IdentityUpload />
    </PageFrame>
  );
}
