import { defineConfig } from 'prisma/config';

// Prisma 7 reads no .env; DATABASE_URL is only needed where the prisma CLI talks to a database
// (never in our offline flow: migrations run through src/db/migrate/).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env['DATABASE_URL'] ?? 'postgresql://localhost:5432/touchline' },
});
