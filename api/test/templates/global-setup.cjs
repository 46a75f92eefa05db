// Jest global setup of the api project: makes the template databases of this run
// (make-templates.ts, run by Node with tsx: jest's transform cannot load the API's ESM-only
// packages outside a test environment) and tells the workers where they are.
const { spawnSync } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-test-templates-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'make-templates.ts'), folder], {
    stdio: 'inherit',
    cwd: path.resolve(__dirname, '../../..'),
  });
  if (result.status !== 0)
    throw new Error(`making the test databases' templates failed (${result.status ?? result.signal})`);
  process.env.PORTAL_TEST_TEMPLATES = path.join(folder, 'templates.json');
};
