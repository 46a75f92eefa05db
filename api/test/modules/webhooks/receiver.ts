import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How far a signature's time may be from the receiver's clock (README.md of the webhooks module). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * What a receiver does with `Portal-Signature: t=…,v1=…`: recompute HMAC-SHA256 over `<t>.<body>`
 * with the endpoint's secret, compare in constant time, and refuse a time too far from its own.
 */
export function verifySignature(header: string | undefined, body: string, secret: string, nowMs = Date.now()): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface ReceivedEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * A webhook receiver on a local port, as a company would run one: it verifies each delivery's
 * signature (an unverified one is answered 401 and not kept) and keeps the events in the order
 * they arrived. `mode`: answer 204, answer 500, or hold the request without answering.
 */
export class TestReceiver {
  secret = '';
  mode: 'ok' | 'error' | 'hang' = 'ok';
  readonly events: ReceivedEvent[] = [];
  /** Every request, verified or not. */
  readonly requests: { signature: string | undefined; body: string; verified: boolean }[] = [];
  private server: Server | null = null;
  private held: ServerResponse[] = [];
  private heldWaiters: (() => void)[] = [];
  port = 0;

  async start(port = 0): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Down: the port refuses connections until start(port) again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.releaseHeld();
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Answers the requests held by `hang` (they have timed out on the portal's side by then). */
  releaseHeld(): void {
    for (const response of this.held) if (!response.destroyed) response.writeHead(204).end();
    this.held = [];
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** Resolves when the next request is held (`hang`): no polling for it. */
  nextHeld(): Promise<void> {
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const signature = request.headers['portal-signature'] as string | undefined;
    const verified = verifySignature(signature, body, this.secret);
    this.requests.push({ signature, body, verified });
    if (this.mode === 'hang') {
      this.held.push(response);
      for (const waiter of this.heldWaiters.splice(0)) waiter();
      return;
    }
    if (this.mode === 'error') return void response.writeHead(500).end();
    if (!verified) return void response.writeHead(401).end();
    this.events.push(JSON.parse(body) as ReceivedEvent);
    response.writeHead(204).end();
  }
}
