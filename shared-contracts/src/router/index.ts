/**
 * Routing for the shell and the remotes, shared as one singleton (`@portal/shared-contracts/router`)
 * so that a remote's <Routes> run inside the shell's router. Only what the portal uses is
 * re-exported, which lets the bundler leave out react-router's data-router and server code
 * (the whole package, shared as it is, weighs ~60 KB gzip on the home page). Import routing only
 * through here (lint enforces it).
 */

export type * from 'react-router-dom';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export {
  CALLBACK_PATH,
  isPortalPath,
  routeMatches,
  SHELL_ROUTES,
  type ShellRoute,
  SILENT_CALLBACK_PATH,
} from './portal-paths';
