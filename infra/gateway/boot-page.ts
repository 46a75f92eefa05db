import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BOOT_DATA_ELEMENT_ID,
  type BootData,
  PORTAL_COLOR_SCHEME,
  REMOTE_ENTRY_FILE,
  remoteAreaId,
  WIDGET_PLACEMENTS_FOR_EVERYONE,
  type WidgetPlacement,
} from '@portal/shared-contracts';
import { matchPath } from '@portal/shared-contracts/router';
import type { FirstScreen } from './first-screen';
import { localRemotesOf } from './remote-server-modules';

// Issue 18: the first screen waited for a chain of requests: the shell's script, then
// remotes.json and auth-config.json, then the route's remote manifest, then its remoteEntry.js and
// exposed chunk (the shell now loads the entry without the manifest). The gateway knows all of them when it serves the page, so it writes the first two
// into the page and asks the browser to fetch the rest at once (preload), in parallel with the
// shell's own script.

interface ServedRemote {
  name: string;
  manifest: string;
  enabled: boolean;
  description?: { routes?: { path: string }[]; widgets?: { expose: string; placement: WidgetPlacement }[] };
}

/**
 * The remotes whose files the page at `pathname` needs first: the route's owner, or on the home page
 * those of the widgets every visitor sees (a signed-in user's widgets load after the session).
 */
export function remotesForPath(pathname: string, remotes: readonly ServedRemote[]): ServedRemote[] {
  const enabled = remotes.filter((remote) => remote.enabled);
  if (pathname === '/')
    return enabled.filter((remote) =>
      (remote.description?.widgets ?? []).some((widget) => WIDGET_PLACEMENTS_FOR_EVERYONE.includes(widget.placement)),
    );
  const owner = enabled.find((remote) =>
    (remote.description?.routes ?? []).some((route) => matchPath({ path: route.path, end: true }, pathname)),
  );
  return owner ? [owner] : [];
}

interface ManifestFile {
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/**
 * The URLs to preload for one remote: its remoteEntry.js and, for a route, the chunks of `./App`
 * (all scripts; the shell loads the entry without the manifest). Only remotes served by this
 * gateway (a path, not another origin): their manifests are on disk. `folderOf` maps a manifest
 * URL to its build folder.
 */
export async function preloadsOf(
  remote: ServedRemote,
  expose: string | undefined,
  folderOf: (remote: ServedRemote) => string | null,
): Promise<Preload[]> {
  const [local] = localRemotesOf([remote], folderOf);
  if (!local) return [];
  let manifest: ManifestFile;
  try {
    manifest = JSON.parse(await readFile(path.join(local.folder, 'mf-manifest.json'), 'utf8')) as ManifestFile;
  } catch {
    return []; // not built: the shell reports the remote as unavailable
  }
  const base = local.baseUrl;
  const preloads: Preload[] = [{ href: `${base}${REMOTE_ENTRY_FILE}` }];
  const exposed = expose && manifest.exposes?.find((candidate) => `./${candidate.name}` === expose);
  for (const file of exposed ? (exposed.assets?.js?.sync ?? []) : []) preloads.push({ href: `${base}${file}` });
  return preloads;
}

/** A script the page will run: preloaded as a classic script (no `crossorigin`). */
export interface Preload {
  href: string;
}

/** `<`, `>` and `&` escaped, so that no text inside the JSON can close the script element. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The shell's index.html with the boot data (a JSON data block: not a script the browser runs,
 * so the Content-Security-Policy needs no exception) and the preload links, before `</head>`.
 */
export function bootPage(
  template: string,
  boot: BootData,
  preloads: readonly Preload[],
  firstScreen: FirstScreen | null = null,
): string {
  const stylesheets = (firstScreen?.stylesheets ?? []).map(
    (href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`,
  );
  const links = preloads.map(({ href }) => `<link rel="preload" href="${escapeAttribute(href)}" as="script">`);
  // The answers the markup was drawn with go with it: the browser's first render starts from them.
  const withQueries = firstScreen?.queries?.length ? { ...boot, queries: firstScreen.queries } : boot;
  const data = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${jsonForHtml(withQueries)}</script>`;
  const { imagePreloads, markup } = splitImagePreloads(firstScreen?.html ?? '');
  // The images go before the scripts: the largest paint of a page is often its illustration.
  const head = [...stylesheets, data, ...imagePreloads, ...links].join('');
  const page = template.includes('</head>') ? template.replace('</head>', `${head}</head>`) : `${head}${template}`;
  return firstScreen ? withFirstScreen(page, { ...firstScreen, html: markup }) : page;
}

/**
 * React writes a preload link for each image the first screen shows, ahead of the markup (where a
 * root that is not the whole document keeps them). In the root they would be found only after the
 * head's script preloads, and the request of the page's illustration (the largest paint of
 * `/track`) queued behind them: they move into the head, before the scripts.
 */
export function splitImagePreloads(html: string): { imagePreloads: string[]; markup: string } {
  const imagePreloads: string[] = [];
  let markup = html;
  for (let link = LEADING_IMAGE_PRELOAD.exec(markup); link; link = LEADING_IMAGE_PRELOAD.exec(markup)) {
    imagePreloads.push(link[0]);
    markup = markup.slice(link[0].length);
  }
  return { imagePreloads, markup };
}

const LEADING_IMAGE_PRELOAD = /^<link rel="preload" as="image"[^>]*>/;

/**
 * The rendered markup inside the root, marked with its locale (the browser hydrates it only when it
 * chooses the same), and the page's language and Mantine's colour scheme on `<html>`, which the
 * browser's script would otherwise set only after it has run (the markup's colours depend on it).
 */
function withFirstScreen(page: string, { html, locale, remoteAreas = [] }: FirstScreen): string {
  if (!ROOT.test(page)) return page;
  // The remote areas drawn with their remote's module, which the browser keeps as drawn.
  const areas = remoteAreas.length
    ? ` data-remote-areas="${escapeAttribute(remoteAreas.map(remoteAreaId).join(' '))}"`
    : '';
  return page
    .replace(
      /<html\b[^>]*>/i,
      `<html lang="${escapeAttribute(locale)}" data-mantine-color-scheme="${PORTAL_COLOR_SCHEME}">`,
    )
    .replace(ROOT, () => `<div id="root" data-first-screen="${escapeAttribute(locale)}"${areas}>${html}</div>`);
}

const ROOT = /<div id="root"><\/div>/;
