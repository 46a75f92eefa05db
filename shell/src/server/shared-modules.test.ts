/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_MODULES } from './shared-modules';

// Read as text: jest runs CommonJS and shared-deps.mjs is the build's ES module.
const SHARED_SINGLETONS = [
  ...readFileSync(path.resolve(__dirname, '../../../build-preset/shared-deps.mjs'), 'utf8').matchAll(
    /^\s*'([^']+)',$/gm,
  ),
].map((match) => match[1] as string);

describe('the shared modules the first screen hands to remotes’ Node builds (issue 18)', () => {
  it('are every shared singleton, so a remote’s Node build finds each one it leaves out', () => {
    expect(SHARED_SINGLETONS.length).toBeGreaterThan(20);
    expect(Object.keys(SHARED_MODULES).sort()).toEqual([...SHARED_SINGLETONS].sort());
  });

  it('are the modules themselves (one React for the shell and the remotes)', () => {
    expect((SHARED_MODULES.react as typeof import('react')).useState).toBe(require('react').useState);
    expect((SHARED_MODULES['@portal/shared-contracts/router'] as { Routes: unknown }).Routes).toBeDefined();
  });
});
