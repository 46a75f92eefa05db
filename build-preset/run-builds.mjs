// Runs builds in one rspack multi-compiler run, prints their warnings and errors, and precompresses
// the production folders (`.br`, `.gz`): the monorepo's build (infra/build/build-all.mjs) and a
// remote's own (`portal-remote build`) alike.
import { rspack } from '@rspack/core';
import { precompress } from './precompress.mjs';

/** Resolves with the seconds it took; rejects when a build failed (its errors printed). */
export function runBuilds(configs, { precompressFolders = [] } = {}) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  return new Promise((resolve, reject) => {
    rspack(configs).run(async (error, stats) => {
      if (error) return reject(error);
      const info = stats.toJson({ all: false, errors: true, warnings: true });
      for (const child of info.children ?? []) {
        for (const warning of child.warnings ?? []) console.warn(`[${child.name}] warning: ${warning.message}`);
        for (const failure of child.errors ?? []) console.error(`[${child.name}] error: ${failure.message}`);
      }
      if (stats.hasErrors()) return reject(new Error(`build failed after ${seconds()} s`));
      await Promise.all(precompressFolders.map((folder) => precompress(folder)));
      resolve(seconds());
    });
  });
}
