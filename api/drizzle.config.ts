import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/modules/address-book/schema.ts',
    './src/modules/audit/schema.ts',
    './src/modules/complaints/schema.ts',
    './src/modules/discounts/schema.ts',
    './src/modules/cms/schema.ts',
    './src/modules/hs-codes/schema.ts',
    './src/modules/identity/schema.ts',
    './src/modules/notifications/schema.ts',
    './src/modules/orders/schema.ts',
    './src/modules/post-calendar/schema.ts',
  ],
  out: './drizzle',
});
