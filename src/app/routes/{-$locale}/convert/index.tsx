/**
 * /Convert (spec 2; /convert in any case and under every language prefix): the convert form with
 * its live quote and the table of pairs, in the page frame. Visitors see both and are sent to log
 * in when they convert (the page is open to them and never redirects on a 401: src/shared/pages.ts).
 * A site config that hides convert (permission bit 64) makes it not found.
 */
import { createFileRoute } from '@tanstack/react-router';
import { ConvertScreen } from '../../../features/convert/ConvertScreen';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/convert/')({
  component: ConvertPage,
});

function ConvertPage() {
  return (
    <RegisteredPage wide>
      <ConvertScreen />
    </RegisteredPage>
  );
}
