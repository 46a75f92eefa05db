import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';

/**
 * A fresh instance of a CommonJS file: each build is a new module (require() would keep the first
 * one in its cache for the life of the process). What it requires comes from `requireFor`, by
 * default from its folder, as with require().
 */
export function loadCommonJs(file: string, requireFor: (id: string) => unknown = createRequire(file)): unknown {
  const module = { exports: {} };
  const wrapped = runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
    { filename: file },
  ) as (...args: unknown[]) => void;
  wrapped(module.exports, requireFor, module, file, path.dirname(file));
  return module.exports;
}
