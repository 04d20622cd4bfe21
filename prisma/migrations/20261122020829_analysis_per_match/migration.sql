-- Per-bookmaker documents cannot become per-match ones (and would collide on the new key);
-- they are derived data: `touchline analyze` recomputes them.
DELETE FROM "market_analyses";

-- DropForeignKey
ALTER TABLE "market_analyses" DROP CONSTRAINT "market_analyses_bookmaker_id_fkey";

-- AlterTable
ALTER TABLE "corner_analyses" ALTER COLUMN "payload" SET DATA TYPE TEXT;

-- AlterTable
ALTER TABLE "market_analyses" DROP CONSTRAINT "market_analyses_pkey",
DROP COLUMN "bookmaker_id",
ALTER COLUMN "payload" SET DATA TYPE TEXT,
ADD CONSTRAINT "market_analyses_pkey" PRIMARY KEY ("match_id", "market");
