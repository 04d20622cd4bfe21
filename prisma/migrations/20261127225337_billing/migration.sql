-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'confirmed', 'superseded', 'cancelled');

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "grace_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "billing_payments" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "tier" "Tier" NOT NULL,
    "plan_version_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "provider_ref" TEXT,
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "billing_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing_accounts" (
    "account_id" INTEGER NOT NULL,
    "customer_id" TEXT,
    "subscription_id" TEXT,
    "paid_through" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_accounts_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "billing_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_reference_key" ON "billing_payments"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "billing_payments_provider_ref_key" ON "billing_payments"("provider_ref");

-- CreateIndex
CREATE INDEX "billing_payments_account_id_status_idx" ON "billing_payments"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "billing_accounts_customer_id_key" ON "billing_accounts"("customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "billing_accounts_subscription_id_key" ON "billing_accounts"("subscription_id");

-- AddForeignKey
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_plan_version_id_fkey" FOREIGN KEY ("plan_version_id") REFERENCES "plan_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
