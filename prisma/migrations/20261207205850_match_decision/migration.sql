-- CreateEnum
CREATE TYPE "MatchDecision" AS ENUM ('extra_time', 'penalties', 'awarded');

-- CreateEnum
CREATE TYPE "MatchWinner" AS ENUM ('home', 'away', 'draw');

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "decided_by" "MatchDecision",
ADD COLUMN     "winner" "MatchWinner";
