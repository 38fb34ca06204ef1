import { defineConfig } from 'drizzle-kit'

// Migrations are generated from src/db/schema.ts with `npm run db:generate` and applied at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
})
