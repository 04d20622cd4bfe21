-- AlterEnum
ALTER TYPE "EntityKind" ADD VALUE 'player';

-- AlterTable
ALTER TABLE "lineup_players" ADD COLUMN     "player_id" INTEGER;

-- AlterTable
ALTER TABLE "match_events" ADD COLUMN     "player_id" INTEGER,
ADD COLUMN     "related_player_id" INTEGER;

-- CreateTable
CREATE TABLE "players" (
    "id" INTEGER NOT NULL,
    "name_en" TEXT NOT NULL,
    "name_original" TEXT,
    "name_zh_cn" TEXT,
    "name_zh_hk" TEXT,
    "team_id" INTEGER,
    "position" TEXT,
    "nationality" TEXT,
    "birth_date" DATE,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "players_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "players_team_id_idx" ON "players"("team_id");

-- CreateIndex
CREATE INDEX "lineup_players_player_id_idx" ON "lineup_players"("player_id");

-- CreateIndex
CREATE INDEX "match_events_player_id_idx" ON "match_events"("player_id");

-- CreateIndex
CREATE INDEX "match_events_related_player_id_idx" ON "match_events"("related_player_id");

-- AddForeignKey
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_related_player_id_fkey" FOREIGN KEY ("related_player_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineup_players" ADD CONSTRAINT "lineup_players_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;
