-- AlterTable
ALTER TABLE "daily_usage" ADD COLUMN     "free_uncounted" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "plan_uncounted" INTEGER NOT NULL DEFAULT 0;
