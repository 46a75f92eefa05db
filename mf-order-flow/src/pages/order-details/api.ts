import type { ApiClient } from '@portal/shared-contracts';
import type { GetTrackingByNumberResponse } from '@portal/shared-contracts/api-types';

export type ShipmentTracking = GetTrackingByNumberResponse;

/**
 * GET /api/tracking/{number}: a shipment's journey, newest event first (the tracking module's
 * public read). The order's own line status is shown without it; this adds the latest event.
 */
export function trackingQuery(api: ApiClient, number: string | null, locale: string) {
  return {
    queryKey: ['tracking', number, locale],
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<ShipmentTracking> =>
      api.GET('/api/tracking/{number}', { path: { number: number ?? '' }, signal }),
    enabled: number !== null,
    staleTime: 60_000,
    retry: false,
  };
}
