import { openDatabase } from '../../../src/db';
import { JobEngine } from '../../../src/modules/jobs';

// A producer that commits a job and is killed (kill -9) before anything delivers it: engine.test.ts
// starts it, waits for its line and kills it. DATABASE_URL or PGLITE_DIR names the database.

const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR, migrate: false });
const engine = await JobEngine.open(db);
const marker = process.env.MARKER ?? 'marker';
await db.orm.transaction((tx) => engine.enqueue(tx, 'webhooks.deliver', [{ marker }], () => marker));
process.stdout.write(`committed ${marker}\n`);
// Held open, delivering nothing, until killed.
setInterval(() => {}, 60_000);
