import { holdInteractionsUntilTakenOver } from './remotes/held-interactions';

// The gateway's markup is on screen: a tap there until React has taken it over is kept, not lost
// (issue 41: installed here, in the page's first script, and not in bootstrap.tsx, whose chunks come
// only after the federation runtime has set the shared modules up, a tap meanwhile was the browser's).
const root = document.getElementById('root');
if (root?.dataset.firstScreen) holdInteractionsUntilTakenOver(root);

// The async boundary Module Federation needs: shared singletons are negotiated
// before any module that imports them runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
