-- CreateEnum
CREATE TYPE "CompetitionType" AS ENUM ('league', 'cup');

-- AlterTable
ALTER TABLE "competitions" ADD COLUMN     "tie_breaks" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "type" "CompetitionType" NOT NULL DEFAULT 'league';

-- CreateTable
CREATE TABLE "point_deductions" (
    "competition_id" INTEGER NOT NULL,
    "season" INTEGER NOT NULL,
    "team_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL DEFAULT 1,
    "points" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "point_deductions_pkey" PRIMARY KEY ("competition_id","season","team_id","seq")
);

-- CreateIndex
CREATE INDEX "matches_competition_id_season_idx" ON "matches"("competition_id", "season");

-- AddForeignKey
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "point_deductions" ADD CONSTRAINT "point_deductions_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
