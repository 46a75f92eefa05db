import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { Orm } from '../../db';
import { importLocations } from './importer';
import { serviceLocations } from './schema';

/** The bundled location file (see data/README.md for where it comes from). */
export const SEED_FILE = fileURLToPath(new URL('./data/locations.json', import.meta.url));

/** Loads the bundled locations on first start; later starts (and concurrent ones) change nothing. */
export async function seedServiceLocations(orm: Orm, file = SEED_FILE): Promise<void> {
  const [existing] = await orm.select({ total: count() }).from(serviceLocations);
  if (existing && existing.total > 0) return;
  await importLocations(orm, JSON.parse(await readFile(file, 'utf8')));
}
