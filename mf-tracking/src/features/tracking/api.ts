import { ApplicationError } from '@portal/shared-contracts';
import { usePlatform } from '@portal/shared-contracts/react';
import { isValidS10 } from '@portal/shared-contracts/s10';
import type { TrackingAnswer } from '@portal/shared-contracts/tracking';
import { useQuery } from '@tanstack/react-query';

/** A looked-up number stays fresh for a minute: scans arrive every few hours at most. */
const STALE_MS = 60_000;

/**
 * The journey of one shipment. The number's shape and check digit are checked here first, so a
 * typing error gets its message at once and never reaches the API (issue 6); the API checks again.
 */
export function useTracking(number: string) {
  const { api, locale } = usePlatform();
  const validation = number ? isValidS10(number) : null;
  const query = useQuery({
    queryKey: ['tracking', validation?.number, locale],
    queryFn: ({ signal }): Promise<TrackingAnswer> =>
      api.GET('/api/tracking/{number}', { path: { number: validation?.number ?? '' }, signal }),
    enabled: validation?.valid === true,
    staleTime: STALE_MS,
    // A 404 (no such shipment) will not change by asking again.
    retry: (failures, error) => !(error instanceof ApplicationError && error.status === 404) && failures < 2,
  });
  return { validation, ...query };
}
