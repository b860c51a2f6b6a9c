// drizzle-kit configuration: generates SQL migrations from the managed part of the schema.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Not ./src/schema/index.ts: usage_events is partitioned and migrated by hand.
  schema: './src/schema/managed.ts',
  out: './migrations',
});
