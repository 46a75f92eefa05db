// React-only exports (`@portal/shared-contracts/react`); everything else is in the main entry.
export { useCmsTooltip } from './cms-tooltip';
export { PageHeading } from './PageHeading';
export { PAGE_TITLE_DEBOUNCE_MS, setPageTitle, usePageTitle } from './page-title';
export {
  type Notify,
  type Platform,
  PlatformContext,
  type RemoteComponent,
  type RemoteComponentProps,
  usePlatform,
} from './platform-context';
export { type RemoteCatalogues, useRemoteTranslation } from './use-remote-translation';
