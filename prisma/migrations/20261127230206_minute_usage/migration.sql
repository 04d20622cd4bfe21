-- CreateTable
CREATE TABLE "minute_usage" (
    "account_id" INTEGER NOT NULL,
    "minute" TIMESTAMPTZ(3) NOT NULL,
    "key_id" INTEGER NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "minute_usage_pkey" PRIMARY KEY ("account_id","minute","key_id")
);

-- CreateIndex
CREATE INDEX "minute_usage_minute_idx" ON "minute_usage"("minute");

-- AddForeignKey
ALTER TABLE "minute_usage" ADD CONSTRAINT "minute_usage_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
