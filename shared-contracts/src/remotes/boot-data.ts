/**
 * What the gateway writes into the page it serves (a JSON data block with this element id), so
 * that the shell starts without asking for it: the environment's remotes file as /remotes.json
 * answers it, and the identity configuration as /auth-config.json answers it (issue 18). Both
 * stay available at their URLs; the shell falls back to them when the block is missing (a shell
 * served by a plain static server).
 */
export const BOOT_DATA_ELEMENT_ID = 'portal-boot';

export interface BootData {
  /** The served remotes file; the shell validates it with `remotesFileSchema`. */
  remotes?: unknown;
  /** The identity configuration (authority, clientId, session timings). */
  auth?: Record<string, unknown>;
}
