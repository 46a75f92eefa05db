import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ORDER_LIMITS } from '@portal/shared-contracts/orders';

// Issue 16 item 6: every SPEC §5/§9 rule constant lives once, in shared-contracts, and the remotes
// and the API call it. This check fails when one is declared again elsewhere with its own value.
//
// What counts as a rule constant:
//  - each limit of ORDER_LIMITS, by its name in UPPER_SNAKE (maxContentLines → MAX_CONTENT_LINES);
//  - every `export const NAME = <number>` of shared-contracts/src (LETTER_MAX_WEIGHT_GRAMS, …);
//  - any name about the customs forms (CN22, CN23).
// A re-declaration is `const NAME = <number literal>` with such a name in mf-*/src or api/src
// (not in tests). An alias of the shared value (`const MAX_CONTENT_LINES = ORDER_LIMITS.maxContentLines`)
// is fine: the value still lives in one place.

const ROOT = path.resolve(__dirname, '../../..');
const NUMERIC_CONST =
  /(?:^|\n)\s*(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\s*(?::[^=]+)?=\s*-?[\d_.]+\s*(?:as const)?\s*;/g;

const upperSnake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `const NAME = <number>` declarations in a source text. */
export function numericConstants(text: string): string[] {
  return [...text.matchAll(NUMERIC_CONST)].map((match) => match[1] as string);
}

const sharedNumeric = sourceFiles(path.join(ROOT, 'shared-contracts/src')).flatMap((file) =>
  numericConstants(readFileSync(file, 'utf8')),
);
const RULE_NAMES = new Set([...Object.keys(ORDER_LIMITS).map(upperSnake), ...sharedNumeric]);

function isRuleName(name: string): boolean {
  return RULE_NAMES.has(name) || /CN2[23]/.test(name);
}

function redeclared(file: string): string[] {
  return numericConstants(readFileSync(file, 'utf8')).filter(isRuleName);
}

describe('a rule’s constant is declared only in shared-contracts', () => {
  it('knows the rule constants (so the scan below can find something)', () => {
    expect(RULE_NAMES).toContain('MAX_CONTENT_LINES');
    expect(RULE_NAMES).toContain('CN22_MAX_VALUE_CENTS');
    expect(RULE_NAMES).toContain('LETTER_MAX_WEIGHT_GRAMS');
  });

  it('finds a re-declared rule constant and lets an alias of the shared value pass', () => {
    const text = `export const CN23_FROM_CENTS = 30_000;\nconst MAX_CONTENT_LINES = 10;\nexport const MAX_CONTENT_ROWS = ORDER_LIMITS.maxContentLines;\nconst PAGE = 3;`;
    expect(numericConstants(text).filter(isRuleName)).toEqual(['CN23_FROM_CENTS', 'MAX_CONTENT_LINES']);
  });

  const roots = [
    ...readdirSync(ROOT)
      .filter((name) => /^mf-[a-z-]+$/.test(name))
      .map((name) => path.join(ROOT, name, 'src')),
    path.join(ROOT, 'api/src'),
  ];
  it.each(roots.map((root) => [path.relative(ROOT, root), root]))('%s declares none again', (_label, root) => {
    const found = sourceFiles(root)
      .map((file) => ({ file: path.relative(ROOT, file), names: redeclared(file) }))
      .filter((entry) => entry.names.length > 0);
    expect(found).toEqual([]);
  });
});
