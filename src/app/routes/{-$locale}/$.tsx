/**
 * Every path no other route claims, with or without a language prefix (/en/Quotes,
 * /zh-CHT/assets/assetDeposit): the page inside the frame says it could not be found.
 */
import { createFileRoute } from '@tanstack/react-router';
import { displayLanguageOf } from '../../i18n/routeLanguage';
import { NotFoundPage } from '../../layout/NotFoundPage';

export const Route = createFileRoute('/{-$locale}/$')({
  component: CatchAll,
});

function CatchAll() {
  const { locale } = Route.useParams();
  return <NotFoundPage language={displayLanguageOf(locale)} />;
}
