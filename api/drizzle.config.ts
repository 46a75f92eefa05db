import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module keeps its tables in its own schema.ts (issue 22); the database is their union.
  schema: './src/modules/*/schema.ts',
  out: './drizzle',
});
