// Makes the typed client of examples/shop-integration from the portal's public OpenAPI document
// (issue 38 item 7), as a shop's developer would: @hey-api/openapi-ts with its fetch client.
//
//   node --import tsx examples/shop-integration/generate.ts https://<portal>/api/docs/openapi.json
//   node --import tsx examples/shop-integration/generate.ts --from-api   (this checkout's API, in memory)
//   … --check < openapi.json   exits 1 when client/ is not what the given document makes (the test runs it)
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';

const CLIENT_FOLDER = fileURLToPath(new URL('./client', import.meta.url));

async function generate(document: object, output: string): Promise<void> {
  await createClient({
    input: { path: document as Record<string, unknown> },
    output: { path: output },
    plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
    logs: { level: 'silent' },
  });
}

/** Every file under a folder, by its relative path. */
async function filesOf(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, file), await readFile(file, 'utf8'));
  }
  return files;
}

async function documentOfThisApi(): Promise<object> {
  const { buildApp, loadConfig, openDatabase } = await import('../../api/src/app');
  const { OPENAPI_DOCUMENT_PATH } = await import('../../api/src/http/openapi');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PGLITE_DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
  });
  const db = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ db, config, logger: false, seed: false });
  try {
    return (await app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })).json();
  } finally {
    await app.close();
    await db.close();
  }
}

const argument = process.argv[2];
if (argument === '--check') {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-client-'));
  try {
    await generate(JSON.parse(await text(process.stdin)), folder);
    const [expected, actual] = [await filesOf(folder), await filesOf(CLIENT_FOLDER)];
    const stale = [...new Set([...expected.keys(), ...actual.keys()])].filter(
      (file) => expected.get(file) !== actual.get(file),
    );
    if (stale.length > 0) {
      console.error(
        `examples/shop-integration/client is not the document's (${stale.join(', ')}): run generate.ts --from-api`,
      );
      process.exit(1);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
} else {
  const document = argument === '--from-api' ? await documentOfThisApi() : await (await fetch(String(argument))).json();
  await rm(CLIENT_FOLDER, { recursive: true, force: true });
  await generate(document, CLIENT_FOLDER);
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_FOLDER)}`);
  process.exit(0);
}
