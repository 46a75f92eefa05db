import { usePlatform } from '@portal/shared-contracts/react';
import { Text } from '@portal/shared-contracts/ui';
import { useEffect, useState } from 'react';
import type { ReceivingOption } from '../../shared/network';
import LocationPickerView from './LocationPickerView';

/**
 * `/postal-network?picker=<receivingOption>&country=<code>`: the location picker as the order flow
 * mounts it, on its own, for the order flow's developers and the end-to-end tests. Shows the
 * `location:picked` event it hears on the bus.
 */
export default function PickerPreview({
  receivingOption,
  countryCode,
}: {
  receivingOption: string;
  countryCode?: string;
}) {
  const { events } = usePlatform();
  const [heard, setHeard] = useState<string | null>(null);
  useEffect(
    () => events.on('location:picked', ({ requestId, locationId }) => setHeard(`${requestId}:${locationId}`)),
    [events],
  );
  return (
    <>
      <LocationPickerView
        receivingOption={receivingOption as ReceivingOption}
        countryCode={countryCode}
        requestId="preview"
      />
      {heard && (
        <Text size="sm" mt="sm" data-testid="picked-event">
          location:picked {heard}
        </Text>
      )}
    </>
  );
}
