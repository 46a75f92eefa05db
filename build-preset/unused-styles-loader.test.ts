import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { onlyWhatThePortalUses, UNUSED_PALETTES } from './unused-styles-loader.cjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const strip = async (css: string) => (await postcss([onlyWhatThePortalUses]).process(css, { from: undefined })).css;

describe('the stylesheets without what the portal cannot use', () => {
  it('drop the dark scheme’s rules and keep the other selectors of a list', async () => {
    const css = [
      ":where([data-mantine-color-scheme='dark']) .m_button { color: white; }",
      '.m_input, [data-mantine-color-scheme="dark"] .m_input { border: 1px solid; }',
      ":root[data-mantine-color-scheme='dark'] { --mantine-color-body: black; }",
      "@media (min-width: 30em) { [data-mantine-color-scheme='dark'] .m_card { padding: 0; } }",
      ":where([data-mantine-color-scheme='light']) .m_button { color: black; }",
    ].join('\n');
    const out = await strip(css);
    expect(out).not.toMatch(/dark/);
    expect(out).not.toMatch(/@media/);
    expect(out).toContain('.m_input { border: 1px solid; }');
    expect(out).toContain(":where([data-mantine-color-scheme='light']) .m_button { color: black; }");
  });

  it('drop the variables of the unused palettes, and a rule left with none', async () => {
    const out = await strip(
      ':root { --mantine-color-grape-6: #be4bdb; --mantine-color-blue-6: #2866b5; --mantine-color-lime-light: x; }\n' +
        ':root[data-x] { --mantine-color-pink-0: #fff0f6; }',
    );
    expect(out.trim()).toBe(':root { --mantine-color-blue-6: #2866b5; }');
  });

  // A screen that names one of these palettes would draw without its colours: take it off the list.
  it('leave out only palettes that no screen names', () => {
    const sources = ['shell/src', 'shared-contracts/src', ...readdirSync(REPO_ROOT).filter((name) => /^mf-/.test(name))]
      .map((folder) => path.join(REPO_ROOT, folder, folder.startsWith('mf-') ? 'src' : ''))
      .flatMap(sourceFiles);
    const named = new RegExp(`\\b(${UNUSED_PALETTES.join('|')})\\b`);
    const naming = sources.filter((file) => named.test(readFileSync(file, 'utf8')));
    expect(sources.length).toBeGreaterThan(100);
    expect(naming).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(tsx?|css)$/.test(name) ? [file] : [];
  });
}
