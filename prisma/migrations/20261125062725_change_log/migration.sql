-- CreateEnum
CREATE TYPE "ChangeResource" AS ENUM ('detail', 'events', 'statistics', 'lineups', 'odds', 'movement', 'exchange', 'regional', 'analysis', 'reference');

-- CreateEnum
CREATE TYPE "ChangeKind" AS ENUM ('upsert', 'delete');

-- CreateTable
CREATE TABLE "change_log" (
    "seq" BIGSERIAL NOT NULL,
    "match_id" INTEGER,
    "resource" "ChangeResource" NOT NULL,
    "kind" "ChangeKind" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "change_log_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "match_versions" (
    "match_id" INTEGER NOT NULL,
    "resource" "ChangeResource" NOT NULL,
    "seq" BIGINT NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "match_versions_pkey" PRIMARY KEY ("match_id","resource")
);

-- CreateIndex
CREATE INDEX "change_log_at_idx" ON "change_log"("at");

-- AddForeignKey
ALTER TABLE "match_versions" ADD CONSTRAINT "match_versions_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
