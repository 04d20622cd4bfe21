-- AlterTable
ALTER TABLE "email_tokens" DROP COLUMN "password_hash";
