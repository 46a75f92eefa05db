import { BOOT_DATA_ELEMENT_ID, type BootData } from '@portal/shared-contracts';

/**
 * The data the gateway wrote into the page (infra/gateway/boot-page.ts): the remotes file and the
 * identity configuration, so that neither waits for a request of its own. Empty when the page has
 * no such block (a shell served by a plain static server): callers then fetch the URLs.
 */
export function readBootData(doc: Document = document): BootData {
  const element = doc.getElementById(BOOT_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const data: unknown = JSON.parse(element.textContent);
    return typeof data === 'object' && data !== null ? (data as BootData) : {};
  } catch {
    return {};
  }
}
