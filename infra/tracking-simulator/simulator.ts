import { DEV_TRACKING_CLIENT_SECRET, TRACKING_CLIENT_ID, TRACKING_INGEST_SCOPE } from '../dev-idp/machine-client';
import { nextScan } from './journey';
import { NetworkClient } from './network-client';

/**
 * The development tracking simulator (issue 6): a stand-in for the operator's sorting and
 * delivery systems. Every step it reads the shipments in progress from the portal's API and
 * posts the next scan of each through the real ingestion endpoint, with the token of the
 * `tracking-simulator` machine client of the development provider (infra/dev-idp/).
 */
export interface SimulatorOptions {
  portalUrl: string;
  issuer: string;
  clientId?: string;
  clientSecret?: string;
}

export interface StepOutcome {
  number: string;
  from: string;
  code: string;
  /** Why the API flagged the scan, when it did (it then did not move the shipment). */
  flagged?: string;
}

export function createSimulator(options: SimulatorOptions) {
  const client = new NetworkClient({
    portalUrl: options.portalUrl,
    issuer: options.issuer,
    clientId: options.clientId ?? process.env.TRACKING_CLIENT_ID ?? TRACKING_CLIENT_ID,
    clientSecret: options.clientSecret ?? process.env.TRACKING_CLIENT_SECRET ?? DEV_TRACKING_CLIENT_SECRET,
    scope: TRACKING_INGEST_SCOPE,
  });

  /** Advances every unfinished shipment (or the one with this number) by one scan. */
  async function step(number?: string): Promise<StepOutcome[]> {
    const shipments = await client.shipmentsInProgress(number);
    const now = new Date();
    const moves = shipments.flatMap((shipment) => {
      const event = nextScan(shipment, now);
      return event ? [{ shipment, event }] : [];
    });
    if (moves.length === 0) return [];
    const answer = await client.postEvents(moves.map(({ event }) => event));
    return moves.map(({ shipment, event }, index) => {
      const flagged = answer.flagged.find((row) => row.index === index)?.reason;
      return { number: shipment.number, from: shipment.status, code: event.code, ...(flagged ? { flagged } : {}) };
    });
  }

  return { step };
}

export interface BackgroundOptions extends SimulatorOptions {
  intervalSeconds: number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/**
 * Runs `step()` every `intervalSeconds` until stopped: what `npm start` does so that a newcomer
 * sees paid demo shipments move. A failed step (the portal still starting, say) is logged and the
 * next one tries again; steps never overlap.
 */
export function startBackgroundSimulator(options: BackgroundOptions): { stop(): void } {
  const simulator = createSimulator(options);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        const moved = await simulator.step();
        if (moved.length) options.log.info({ moved }, 'tracking simulator advanced shipments');
      } catch (error) {
        options.log.warn({ err: error }, 'tracking simulator step failed');
      }
      schedule();
    }, options.intervalSeconds * 1000);
    // The simulator never keeps the process alive on its own.
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
