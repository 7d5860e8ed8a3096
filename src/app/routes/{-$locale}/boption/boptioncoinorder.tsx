/**
 * /Boption/BoptionCoinOrder (spec 2, the orders menu's binary-options entry, R-MENU-02): the
 * signed-in user's binary options with filters and paging, in the page frame.
 */
import { createFileRoute } from '@tanstack/react-router';
import { BoptionOrders } from '../../../features/boption/BoptionOrders';
import { RegisteredPage } from '../../../layout/RegisteredPage';

export const Route = createFileRoute('/{-$locale}/boption/boptioncoinorder')({
  component: BoptionOrdersPage,
});

function BoptionOrdersPage() {
  return (
    <RegisteredPage wide>
      <BoptionOrders />
    </RegisteredPage>
  );
}
