-- CreateEnum
CREATE TYPE "EntityKind" AS ENUM ('competition', 'team', 'bookmaker', 'match', 'event');

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "et_away_score" INTEGER,
ADD COLUMN     "et_home_score" INTEGER,
ADD COLUMN     "pen_away_score" INTEGER,
ADD COLUMN     "pen_home_score" INTEGER;

-- CreateTable
CREATE TABLE "external_ids" (
    "source" TEXT NOT NULL,
    "kind" "EntityKind" NOT NULL,
    "source_id" TEXT NOT NULL,
    "entity_id" INTEGER NOT NULL,
    "match_id" INTEGER,
    "owner" BOOLEAN NOT NULL DEFAULT false,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_ids_pkey" PRIMARY KEY ("source","kind","source_id")
);

-- CreateTable
CREATE TABLE "aliases" (
    "kind" "EntityKind" NOT NULL,
    "entity_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'alias',
    "origin" TEXT NOT NULL,

    CONSTRAINT "aliases_pkey" PRIMARY KEY ("kind","key","entity_id")
);

-- CreateTable
CREATE TABLE "name_groups" (
    "kind" "EntityKind" NOT NULL,
    "group" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'alias',
    "origin" TEXT NOT NULL,

    CONSTRAINT "name_groups_pkey" PRIMARY KEY ("kind","group","key","language")
);

-- CreateTable
CREATE TABLE "unmatched_entities" (
    "source" TEXT NOT NULL,
    "kind" "EntityKind" NOT NULL,
    "source_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "detail" TEXT,
    "candidates" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "unmatched_entities_pkey" PRIMARY KEY ("source","kind","source_id")
);

-- CreateTable
CREATE TABLE "competition_sources" (
    "competition_id" INTEGER NOT NULL,
    "resource" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "licence" TEXT NOT NULL,

    CONSTRAINT "competition_sources_pkey" PRIMARY KEY ("competition_id","resource","source")
);

-- CreateTable
CREATE TABLE "source_state" (
    "source" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "last_pass_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_error_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "passes" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "refused" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "budget" TEXT,
    "poll_seconds" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "source_state_pkey" PRIMARY KEY ("source")
);

-- CreateTable
CREATE TABLE "source_budget_windows" (
    "source" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "limit" INTEGER NOT NULL,

    CONSTRAINT "source_budget_windows_pkey" PRIMARY KEY ("source","period")
);

-- CreateTable
CREATE TABLE "source_resource_state" (
    "source" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "last_ok_at" TIMESTAMPTZ(3),
    "refused_at" TIMESTAMPTZ(3),
    "refusal" TEXT,
    "address" TEXT,

    CONSTRAINT "source_resource_state_pkey" PRIMARY KEY ("source","resource")
);

-- CreateIndex
CREATE INDEX "external_ids_kind_entity_id_idx" ON "external_ids"("kind", "entity_id");

-- CreateIndex
CREATE INDEX "external_ids_match_id_idx" ON "external_ids"("match_id");

-- CreateIndex
CREATE INDEX "aliases_kind_entity_id_idx" ON "aliases"("kind", "entity_id");

-- CreateIndex
CREATE INDEX "name_groups_kind_key_idx" ON "name_groups"("kind", "key");
