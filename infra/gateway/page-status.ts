import { remotesFileSchema } from '@portal/shared-contracts';
import { isPortalPath } from '@portal/shared-contracts/router';

/**
 * The status of the page served at `pathname` (issue 40): 200 where the portal has a page (the
 * shell's own, a route a remote declares), 404 elsewhere, with the same page, on which the shell
 * draws "Page not found", so that crawlers and monitoring see what the visitor sees. `remotes` is
 * the remotes file as served, with the remotes' descriptions in it. Without a usable one the shell
 * cannot tell either (it says the portal is unavailable): 200 then.
 */
export function pageStatus(pathname: string, remotes: unknown, rendered?: { status?: number } | null): 200 | 404 {
  // The first screen drew "Page not found": a path under a remote's route that the remote itself
  // does not know (`/orders/boat`), which only its render can tell.
  if (rendered?.status === 404) return 404;
  const parsed = remotesFileSchema.safeParse(remotes);
  if (!parsed.success) return 200;
  return isPortalPath(pathname, parsed.data.remotes) ? 200 : 404;
}
