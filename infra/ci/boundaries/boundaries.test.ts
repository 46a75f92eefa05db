import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The dependency-cruiser rules of `npm run boundaries` (.dependency-cruiser.cjs), held against a
// fixture with one deliberately wrong import per rule and the right way beside each: a rule that
// stopped matching (a typo in a path pattern) would let real violations through unnoticed.
const REPO_ROOT = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(__dirname, 'fixtures');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruiseFixtures(): Violation[] {
  const cli = path.join(REPO_ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        cli,
        '--config',
        path.join(REPO_ROOT, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        'api',
        'mf-demo',
        'shared-contracts',
      ],
      { cwd: FIXTURES, encoding: 'utf8' },
    );
  } catch (error) {
    // Violations make the command exit non-zero; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('architectural boundaries', () => {
  const found = cruiseFixtures()
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
    .sort();

  it('refuses each deliberately wrong import of the fixture, and only those', () => {
    expect(found).toEqual(
      [
        'api-kernel-imports-module: api/src/http/kernel.ts → api/src/modules/parcels/index.ts',
        'api-module-imports-composition: api/src/modules/billing/composition-root.ts → api/src/composition/index.ts',
        'api-module-inner-file: api/src/modules/billing/inner-file.ts → api/src/modules/parcels/scale.ts',
        'api-module-inner-file: api/src/modules/billing/reads-other-table.ts → api/src/modules/parcels/schema.ts',
        'api-module-door-exports-table: api/src/modules/crates/index.ts → api/src/modules/crates/schema.ts',
        'api-module-reexports-table: api/src/modules/crates/tables.ts → api/src/modules/crates/schema.ts',
        'api-schema-imports-other-than-schema: api/src/modules/billing/schema.ts → api/src/modules/parcels/index.ts',
        'feature-imports-feature: mf-demo/src/features/checkout/imports-other-feature.ts → mf-demo/src/features/cart/index.ts',
        'feature-imports-page: mf-demo/src/features/cart/imports-page.ts → mf-demo/src/pages/shop/ShopPage.ts',
        'shared-imports-feature: mf-demo/src/shared/imports-feature.ts → mf-demo/src/features/cart/Cart.ts',
        'shared-contracts-folder-cycle: shared-contracts/src/api → shared-contracts/src/orders',
        'shared-contracts-folder-cycle: shared-contracts/src/orders → shared-contracts/src/api',
      ].sort(),
    );
  });
});
