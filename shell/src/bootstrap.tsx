import '@mantine/core/styles.css';
import './shell.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createPlatformServices } from './app/create-platform';
import { initI18n } from './i18n/i18n';
import { bindLocaleSideEffects, useLocaleStore } from './locale/locale-store';
import { loadRemotesFile } from './remotes/remotes-store';

initI18n(useLocaleStore.getState().locale);
const services = createPlatformServices();
bindLocaleSideEffects((locale) => services.events.emit('locale:changed', { locale }));
// The remotes file is fetched in parallel with the first render: shell pages never wait for it.
void loadRemotesFile();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(<App services={services} />);
