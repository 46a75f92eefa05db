// The portal's start in the browser, once bootstrap.tsx has evaluated the heaviest libraries.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createPlatformServices } from './app/create-platform';
import { CALLBACK_PATH, SILENT_CALLBACK_PATH } from './auth/auth-config';
import { startSession } from './auth/session-store';
import { readBootData } from './boot/boot-data';
import { seedQueries } from './boot/public-queries';
import { nextTask } from './browser/next-task';
import { initI18n } from './i18n/i18n';
import { bindLocaleSideEffects, useLocaleStore } from './locale/locale-store';
import { reportUnlessLanguageSwitched } from './observability/hydration-errors';
import { reportClientErrors } from './observability/report-client-errors';
import { preloadRemoteComponent } from './remotes/load-remote-component';
import { loadRemotesFile } from './remotes/remotes-store';
import { takeOverAreas } from './remotes/server-areas';

export function startPortal(): void {
  initI18n(useLocaleStore.getState().locale);
  const services = createPlatformServices();
  // The public answers the gateway drew the first screen with (server/first-screen-queries.ts):
  // the components start from them, as the markup does, instead of asking again.
  seedQueries(services.queryClient, readBootData().queries);
  // Operators see the page's failures (errors, remotes that did not load) in the API's log.
  reportClientErrors(services.events);
  bindLocaleSideEffects((locale) => {
    services.events.emit('locale:changed', { locale });
    // API answers carry text in the language of the request (product names, tracking timelines):
    // after a switch, whatever is on screen is asked for again in the new language.
    void services.queryClient.invalidateQueries();
  });
  // The remotes file is fetched in parallel with the first render: shell pages never wait for it.
  void loadRemotesFile();

  // Start-up (SPEC §4): a sign-in callback is finished before the first render; otherwise the page
  // renders at once and the session (user, then accounts) loads alongside.
  const session = startSession(services.api);
  const isAuthPath = [CALLBACK_PATH, SILENT_CALLBACK_PATH].includes(window.location.pathname);
  async function render() {
    // The page's components in a task of their own (bootstrap.tsx).
    await nextTask();
    const { App } = await import(/* webpackMode: "eager" */ './app/App');
    await nextTask();
    const container = document.getElementById('root');
    if (!container) throw new Error('#root is missing from index.html');
    const app = <App services={services} />;
    // The gateway rendered the first screen (infra/gateway/first-screen.ts): React takes over its
    // markup instead of drawing it again, when the page's locale is the one it was rendered in (the
    // server cannot see a locale kept in local storage). A sign-in callback has changed the session
    // since, so it is drawn afresh too.
    if (!isAuthPath && container.dataset.firstScreen === useLocaleStore.getState().locale) {
      // Markup React cannot take over it draws again, and reports with the page's global error
      // event, which reportClientErrors sends to the operators' log, unless the visitor has switched
      // the language meanwhile (observability/hydration-errors.ts). As a transition, hydration too
      // runs in slices (the page is already drawn and readable).
      // Remote areas the gateway drew with their remote's module are taken over as they are: React
      // keeps their markup until their code has arrived (asked for now; a module already there is
      // taken over in the same pass); a click or a text there meanwhile, as anywhere on the page
      // until React has taken it over, is held and replayed then (remotes/held-interactions.ts,
      // installed by index.ts). App.tsx keeps the stores' updates from reaching those areas
      // before then.
      for (const area of takeOverAreas(container.dataset.remoteAreas))
        void preloadRemoteComponent(area.remote, area.expose);
      const drawnIn = useLocaleStore.getState().locale;
      startTransition(() => {
        hydrateRoot(container, app, {
          onRecoverableError: reportUnlessLanguageSwitched(drawnIn, () => useLocaleStore.getState().locale),
        });
      });
      return;
    }
    const root = createRoot(container);
    // As a transition, React renders the first screen in slices and lets the browser in between
    // (issue 18: the first render was one long task that blocked input on a phone).
    startTransition(() => root.render(app));
  }
  if (isAuthPath)
    void session.then((shouldRender) => {
      if (shouldRender) void render();
    });
  else void render();
}
