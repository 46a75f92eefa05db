import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A Redis server of the test's own (the machine's `redis-server`, nothing kept on disk), on a port
 * the system gave, so that a test may stop and start it without touching anybody else's Redis.
 */
export class TestRedisServer {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  /** On `port`, or on one the system gives. */
  static async start(port?: number): Promise<TestRedisServer> {
    const server = new TestRedisServer(port ?? (await freePort()));
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server; resolves once it says it accepts connections (no waiting by the clock). */
  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`redis-server ended (${code}) before it was ready:\n${output}`)));
    });
  }

  /** Kills the server at once (an outage, not a shutdown); resolves once the process has ended. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

/** A TCP port nothing listens on now (the system picks it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
