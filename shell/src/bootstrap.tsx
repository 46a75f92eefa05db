// Mantine's styles come with the UI kit's entries (shared-contracts/src/ui), per component.
import './shell.css';
import { nextTask } from './browser/next-task';
import { holdInteractionsUntilTakenOver } from './remotes/held-interactions';

/**
 * Issue 18: evaluating the shell's modules was one task of 130–170 ms on a phone (4× slower CPU):
 * the page the gateway drew stood there unable to answer a tap meanwhile, and Lighthouse counts all
 * of it as blocking time. Measured one by one at that speed: zod 37–50 ms, the shared contracts
 * 15–21, react-dom 39–47, i18next with the catalogues and the rest of the platform's services
 * 34–42, the page's components 2. So the heaviest are evaluated first, each in a task of its own,
 * and start-portal.tsx takes the page's components in one more. `eager`: the modules stay in the
 * chunks they are in, without a request of their own, and a shared library among them is the one
 * the chunk was loaded with. (Imported otherwise once the remotes are registered, a shared library
 * would wait for every remote's entry: the federation runtime compares their versions first.)
 */
const HEAVIEST_FIRST = [
  () => import(/* webpackMode: "eager" */ 'zod/mini'),
  () => import(/* webpackMode: "eager" */ '@portal/shared-contracts'),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ './i18n/i18n'),
  () => import(/* webpackMode: "eager" */ './app/create-platform'),
];

async function bootstrap() {
  // The gateway's markup is on screen: a tap there until React has taken it over is kept, not lost.
  const root = document.getElementById('root');
  if (root?.dataset.firstScreen) holdInteractionsUntilTakenOver(root);
  for (const evaluate of HEAVIEST_FIRST) {
    await evaluate();
    await nextTask();
  }
  const { startPortal } = await import(/* webpackMode: "eager" */ './start-portal');
  startPortal();
}

void bootstrap();
