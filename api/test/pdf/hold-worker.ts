// A worker entry for the pool's tests: says when it starts, then holds its thread until the test
// releases it (or forever, for the time limit), so that the queue fills without any timing.
import type { MessagePort } from 'node:worker_threads';

export default function hold({ port }: { port: MessagePort }): Promise<string> {
  port.postMessage('started');
  return new Promise((resolve) => {
    port.once('message', (message: string) => {
      port.close();
      resolve(`released: ${message}`);
    });
  });
}
