// The versioning rule's check (issue 38 item 6; api/src/http/api-compatibility.ts):
//
//   npm run api:compatibility             builds the API (in-memory PGlite), compares its public document
//                                         with api/openapi/released.json; exits 1 on a breaking change
//                                         made without a new API version
//   npm run api:compatibility -- --release  writes the current public document as the released one
//                                         (a release step: commit the file with the release)
//   … --check < openapi.json              compares the given document instead of building the API
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';

const RELEASED_FILE = fileURLToPath(new URL('../openapi/released.json', import.meta.url));

async function publicDocumentOfThisApi(): Promise<object> {
  const { buildApp, loadConfig, openDatabase } = await import('../src/app');
  const { OPENAPI_DOCUMENT_PATH } = await import('../src/http/openapi');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PGLITE_DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
  });
  const db = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ db, config, logger: false, seed: false });
  try {
    const answer = await app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
    if (answer.statusCode !== 200) throw new Error(`the API answered ${answer.statusCode} for its document`);
    return answer.json();
  } finally {
    await app.close();
    await db.close();
  }
}

const current = process.argv.includes('--check')
  ? JSON.parse(await text(process.stdin))
  : await publicDocumentOfThisApi();
if (process.argv.includes('--release')) {
  await writeFile(RELEASED_FILE, `${JSON.stringify(current, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), RELEASED_FILE)}`);
  process.exit(0);
}
const { checkCompatibility } = await import('../src/http/api-compatibility');
const released = JSON.parse(await readFile(RELEASED_FILE, 'utf8'));
const { breaking, newVersion, ok } = checkCompatibility(released, current);
for (const change of breaking) console.log(JSON.stringify(change));
if (!ok) {
  console.error(
    `${breaking.length} breaking change(s) within API version ${released.info?.version}: add a new version (api/src/http/api-version.ts) or make the change additive`,
  );
} else if (breaking.length > 0 && newVersion) {
  console.error(`${breaking.length} breaking change(s), in the new version ${current.info?.version}`);
}
process.exit(ok ? 0 : 1);
