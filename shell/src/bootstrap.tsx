// Mantine's styles come with the UI kit's entries (shared-contracts/src/ui), per component.
import './shell.css';
import { nextTask } from './browser/next-task';

/**
 * Issue 18: evaluating the shell's modules was one task of 130–170 ms on a phone (4× slower CPU):
 * the page the gateway drew stood there unable to answer a tap meanwhile, and Lighthouse counts all
 * of it as blocking time. So the heaviest are evaluated first, each in a task of its own (measured
 * alone at that speed: the shared contracts with the parts of zod they use, react-dom 39–47 ms,
 * i18next with the catalogues, the rest of the platform's services 34–42), and start-portal.tsx
 * takes the page's components in one more. `eager`: the modules stay in the chunks they are in,
 * without a request of their own. Only shared modules and the shell's own are imported so: a
 * library's namespace imported whole would lose its tree shaking (zod's alone added 77 KB gzip).
 * (Imported otherwise once the remotes are registered, a shared library would wait for every
 * remote's entry: the federation runtime compares their versions first.)
 */
const HEAVIEST_FIRST = [
  () => import(/* webpackMode: "eager" */ '@portal/shared-contracts'),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ './i18n/i18n'),
  () => import(/* webpackMode: "eager" */ './app/create-platform'),
];

async function bootstrap() {
  for (const evaluate of HEAVIEST_FIRST) {
    await evaluate();
    await nextTask();
  }
  const { startPortal } = await import(/* webpackMode: "eager" */ './start-portal');
  startPortal();
}

void bootstrap();
