import { type ApiClient, saveFile } from '@portal/shared-contracts';
import { rigaDate } from '@portal/shared-contracts/calendar';
import type { PriceByCountryAnswer, PriceByCountryRequest } from '@portal/shared-contracts/pricing';
import { usePlatform } from '@portal/shared-contracts/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export const PRICES_PATH = '/api/prices/by_country';
export const EXPORT_PATH = '/api/prices/by_country/export';
export type ExportFormat = 'pdf' | 'xlsx';

/** The prices of a submitted request; null until the form is first submitted. Prices skip the bot check (SPEC §7). */
export function usePrices(request: PriceByCountryRequest | null) {
  const { api } = usePlatform();
  return useQuery({
    // The answer does not depend on the language (messages are translated on display).
    queryKey: ['prices', 'by_country', request],
    queryFn: ({ signal }): Promise<PriceByCountryAnswer> => {
      if (request === null) throw new TypeError('no prices asked yet');
      return api.POST(PRICES_PATH, { body: request, skipBotCheck: true, signal });
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** `prices-2026-11-22.pdf`: the same name the API gives in Content-Disposition (Riga date). */
export function exportFileName(format: ExportFormat, now = new Date()): string {
  return `prices-${rigaDate(now)}.${format}`;
}

/**
 * Asks the API for the result as a file (written on the server in the interface language,
 * sent as Accept-Language) and saves it through an object URL.
 */
export async function downloadPrices(api: ApiClient, request: PriceByCountryRequest, format: ExportFormat) {
  const blob = await api.POST(EXPORT_PATH, {
    body: request,
    query: { format },
    responseType: 'blob',
    skipBotCheck: true,
  });
  saveFile(blob, exportFileName(format));
}
