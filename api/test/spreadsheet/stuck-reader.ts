// A reading worker for the time limit's test: says it has started, then never answers.
import type { MessagePort } from 'node:worker_threads';

export default function readForever({ started }: { started?: MessagePort }): Promise<never> {
  started?.postMessage('started');
  started?.close();
  return new Promise(() => {});
}
