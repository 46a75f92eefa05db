// Jest global teardown of the api project: removes the templates global-setup.cjs made.
const { readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const pg = require('pg');

module.exports = async () => {
  const file = process.env.PORTAL_TEST_TEMPLATES;
  if (!file) return;
  const templates = JSON.parse(readFileSync(file, 'utf8'));
  if (templates.driver === 'postgres' && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      for (const name of [templates.seeded, templates.migrated])
        await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  }
  rmSync(path.dirname(file), { recursive: true, force: true });
  delete process.env.PORTAL_TEST_TEMPLATES;
};
