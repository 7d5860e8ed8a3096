/**
 * /Futures/FuturesContractOrder (spec 2, the orders menu's futures entry): the signed-in user's
 * position history with filters and paging, in the page frame.
 */
import { createFileRoute } from '@tanstack/react-router';
import { FuturesOrders } from '../../../features/futures/FuturesOrders';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/futures/futurescontractorder')({
  component: FuturesOrdersPage,
});

function FuturesOrdersPage() {
  return (
    <RegisteredPage wide>
      <FuturesOrders />
    </RegisteredPage>
  );
}
