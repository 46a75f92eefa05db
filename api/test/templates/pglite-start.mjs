// How much CPU PGlite's start from a template dump costs (api/README.md Tests): starts PGlite from
// the dump `count` times in this process, with the app's extensions, and prints each start's CPU
// and wall time (the first start of a process also compiles PGlite's WebAssembly). The dumps are
// the ones a jest run makes (make-templates.ts), e.g.
//   node --import tsx api/test/templates/make-templates.ts /tmp/templates
//   node api/test/templates/pglite-start.mjs /tmp/templates/seeded.tar 6
// Run it under `node --cpu-prof` to see where the time goes.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const [file, count = '6'] = process.argv.slice(2);
if (!file) throw new Error('usage: pglite-start.mjs <dump.tar> [starts]');
const bytes = readFileSync(file);
// As the jest environment hands it over: one buffer, read by PGlite with arrayBuffer().
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const dump = { type: 'application/x-tar', arrayBuffer: async () => buffer };
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

console.log(`load average ${load()}`);
for (let start = 1; start <= Number(count); start += 1) {
  const cpu = cpuMs();
  const wall = performance.now();
  const db = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin }, loadDataDir: dump });
  await db.query('select 1');
  console.log(`start ${start}: ${Math.round(cpuMs() - cpu)} ms CPU, ${Math.round(performance.now() - wall)} ms wall`);
  await db.close();
}
console.log(`load average ${load()}`);
