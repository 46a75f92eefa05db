// Issue 39 item 3: the gateway draws a remote's area in the first screen only with a Node build on
// its own disk (remote-server-modules.ts). A remote served from its own image or origin, one built
// without its Node build, or one whose Node build cannot run here is drawn by the browser instead:
// the page still works, but later. That used to happen silently; now the log says so once per
// remote and reason, and /metrics counts every page served that way
// (portal_first_screen_browser_areas_total{remote, reason}).
import type { FastifyBaseLogger } from 'fastify';

export type FirstScreenFallbackReason = 'other_origin' | 'no_node_build' | 'cannot_run';

/** A remote area of a page served that the browser draws, and why. */
export interface BrowserArea {
  remote: string;
  reason: FirstScreenFallbackReason;
}

const EXPLANATIONS: Record<FirstScreenFallbackReason, string> = {
  other_origin:
    'is not served from a folder of this gateway (another origin or image): its Node build is never run here',
  no_node_build: 'has no Node build beside its files (.server/ in its build or release)',
  cannot_run: 'has a Node build that cannot run here (the earlier warning says why)',
};

export class FirstScreenFallbacks {
  private readonly told = new Set<string>();

  constructor(
    private readonly log: FastifyBaseLogger,
    /** The metrics' counter; absent when metrics are off. */
    private readonly count?: (remote: string, reason: FirstScreenFallbackReason) => void,
  ) {}

  /** The page served leaves these areas to the browser. */
  report(areas: readonly BrowserArea[]): void {
    for (const { remote, reason } of areas) {
      this.count?.(remote, reason);
      const key = `${remote} ${reason}`;
      if (this.told.has(key)) continue;
      this.told.add(key);
      this.log.info(
        { remote, reason },
        `first screen: ${remote} ${EXPLANATIONS[reason]}; its areas are drawn by the browser`,
      );
    }
  }
}
