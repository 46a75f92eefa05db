import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RemoveScroll } from 'react-remove-scroll';
import { RemoveScroll as StandIn } from './app-shell-scroll-classes';

// The package's folder (its exports list no package.json): `…/@mantine/core/<build>/index.*`.
const mantineCore = require.resolve('@mantine/core').replace(/([\\/]@mantine[\\/]core)[\\/].*$/, '$1');
const appShellFolder = path.join(mantineCore, 'esm/components/AppShell');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.mjs') ? [full] : [];
  });
}

describe("AppShell's stand-in for react-remove-scroll (preset.mjs)", () => {
  it('has the class names the scroll lock moves', () => {
    expect(StandIn.classNames).toEqual(RemoveScroll.classNames);
  });

  it('is all the AppShell takes from the package: its class names', () => {
    const users = filesUnder(appShellFolder).filter((file) =>
      readFileSync(file, 'utf8').includes('react-remove-scroll'),
    );
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) {
      const code = readFileSync(file, 'utf8');
      const uses = code.match(/RemoveScroll\b[.\w]*/g) ?? [];
      // The import line names it once; every other use reads a class name.
      expect(uses.filter((use) => use !== 'RemoveScroll')).toEqual(
        expect.arrayContaining([expect.stringMatching(/^RemoveScroll\.classNames\.\w+$/)]),
      );
      expect(uses.every((use) => use === 'RemoveScroll' || /^RemoveScroll\.classNames\.\w+$/.test(use))).toBe(true);
      expect(code).toMatch(/import \{ RemoveScroll \} from "react-remove-scroll"/);
    }
  });
});
