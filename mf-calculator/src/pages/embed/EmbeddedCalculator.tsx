import { EmbeddedRoot } from '@portal/shared-contracts/embed';
import { usePlatform } from '@portal/shared-contracts/react';
import { CalculatorView, type OrderChoice, orderPath } from '../../features/calculator';
import { catalogues, NAMESPACE } from '../../i18n';
import type { EmbedProps } from './embed-props';

/**
 * The calculator as the parcel mounts it, inside the shared EmbeddedRoot (its own providers,
 * anonymous API client: every call goes to `/api/public/...`).
 */
export default function EmbeddedCalculator(props: EmbedProps) {
  return (
    <EmbeddedRoot
      locale={props.locale}
      apiBaseUrl={props.apiBaseUrl}
      namespace={NAMESPACE}
      catalogues={catalogues}
      titleKey="pages.calculator"
    >
      <EmbeddedCalculatorView portalUrl={props.portalUrl ?? props.apiBaseUrl ?? ''} />
    </EmbeddedRoot>
  );
}

/** "Order this" leaves the embedding page for the portal's order wizard, with the choice. */
function EmbeddedCalculatorView({ portalUrl }: { portalUrl: string }) {
  const { events } = usePlatform();
  const order = (choice: OrderChoice) => {
    events.emit('order:prefill', {
      shipmentType: choice.shipmentType,
      countryCode: choice.countryCode,
      weight: choice.weight,
      workflowId: String(choice.workflowId),
    });
    window.location.assign(`${portalUrl}${orderPath(choice)}`);
  };
  return <CalculatorView onOrder={order} />;
}
