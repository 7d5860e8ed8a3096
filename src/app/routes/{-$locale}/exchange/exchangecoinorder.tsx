/**
 * /Exchange/ExchangeCoinOrder (spec 2, the orders menu's exchange entry, R-MENU-02): the
 * signed-in user's spot orders with filters and paging, in the page frame.
 */
import { createFileRoute } from '@tanstack/react-router';
import { ExchangeOrders } from '../../../features/exchange/ExchangeOrders';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/exchange/exchangecoinorder')({
  component: ExchangeOrdersPage,
});

function ExchangeOrdersPage() {
  return (
    <RegisteredPage wide>
      <ExchangeOrders />
    </RegisteredPage>
  );
}
