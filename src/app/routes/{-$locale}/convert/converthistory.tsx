/**
 * /Convert/ConvertHistory (spec 2, the orders menu's convert entry, R-MENU-02): the signed-in
 * user's conversions with paging, in the page frame; a visitor is asked to sign in.
 */
import { createFileRoute } from '@tanstack/react-router';
import { ConvertHistory } from '../../../features/convert/ConvertHistory';
import { useLanguage } from '../../../i18n/useLanguage';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/convert/converthistory')({
  component: ConvertHistoryPage,
});

function ConvertHistoryPage() {
  const language = useLanguage();
  return (
    <RegisteredPage wide>
      <ConvertHistory language={language} />
    </RegisteredPage>
  );
}
