import { usePlatform } from '@portal/shared-contracts/react';
import { useNavigate, useSearchParams } from '@portal/shared-contracts/router';
import { CalculatorView, type OrderChoice, orderPath } from '../../features/calculator';
import { formFromQuery } from './form-from-query';

/**
 * `/tariff-calculator` in the portal. "Order this" tells the order flow over the event bus and
 * opens the order wizard with the choice in its query (`/orders/parcel?country=LT&weight=2000&workFlow=12`).
 */
export default function CalculatorPage() {
  const { events } = usePlatform();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const order = (choice: OrderChoice) => {
    events.emit('order:prefill', {
      shipmentType: choice.shipmentType,
      countryCode: choice.countryCode,
      weight: choice.weight,
      workflowId: String(choice.workflowId),
    });
    navigate(orderPath(choice));
  };

  return <CalculatorView onOrder={order} initialForm={formFromQuery(params)} />;
}
