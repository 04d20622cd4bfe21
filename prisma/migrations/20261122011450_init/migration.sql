-- CreateEnum
CREATE TYPE "Region" AS ENUM ('Asia', 'Europe');

-- CreateEnum
CREATE TYPE "MatchStatus" AS ENUM ('scheduled', 'live', 'finished', 'postponed', 'cancelled', 'abandoned', 'suspended');

-- CreateEnum
CREATE TYPE "Side" AS ENUM ('home', 'away');

-- CreateEnum
CREATE TYPE "Market" AS ENUM ('had', 'hdp', 'hilo');

-- CreateEnum
CREATE TYPE "EventType" AS ENUM ('goal', 'own_goal', 'penalty', 'missed_penalty', 'yellow', 'second_yellow', 'red', 'substitution', 'corner', 'var');

-- CreateEnum
CREATE TYPE "ReportKind" AS ENUM ('basic', 'deep');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('en', 'zh_CN', 'zh_HK');

-- CreateEnum
CREATE TYPE "AnalysisMarket" AS ENUM ('hdp', 'hilo');

-- CreateEnum
CREATE TYPE "Tier" AS ENUM ('Free', 'Plus', 'Pro');

-- CreateEnum
CREATE TYPE "BillingPeriod" AS ENUM ('monthly', 'yearly');

-- CreateTable
CREATE TABLE "competitions" (
    "id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "name_en" TEXT NOT NULL,
    "name_zh_cn" TEXT,
    "name_zh_hk" TEXT,
    "name_original" TEXT,
    "region" "Region" NOT NULL,
    "country" TEXT,

    CONSTRAINT "competitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teams" (
    "id" INTEGER NOT NULL,
    "name_original" TEXT NOT NULL,
    "name_en" TEXT NOT NULL,
    "name_zh_cn" TEXT,
    "name_zh_hk" TEXT,
    "country" TEXT,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matches" (
    "id" INTEGER NOT NULL,
    "competition_id" INTEGER NOT NULL,
    "home_team_id" INTEGER NOT NULL,
    "away_team_id" INTEGER NOT NULL,
    "status" "MatchStatus" NOT NULL,
    "minute" TEXT,
    "kickoff_utc" TIMESTAMPTZ(3) NOT NULL,
    "season" TEXT,
    "round" TEXT,
    "venue" TEXT,
    "home_score" INTEGER,
    "away_score" INTEGER,
    "ht_home_score" INTEGER,
    "ht_away_score" INTEGER,
    "home_corners" INTEGER,
    "away_corners" INTEGER,
    "home_yellow" INTEGER,
    "home_red" INTEGER,
    "away_yellow" INTEGER,
    "away_red" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_events" (
    "match_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "minute" INTEGER NOT NULL,
    "extra_minute" INTEGER,
    "type" "EventType" NOT NULL,
    "side" "Side" NOT NULL,
    "player" TEXT,
    "related_player" TEXT,
    "detail" TEXT,

    CONSTRAINT "match_events_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateTable
CREATE TABLE "match_statistics" (
    "match_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "home" DOUBLE PRECISION,
    "away" DOUBLE PRECISION,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "match_statistics_pkey" PRIMARY KEY ("match_id","type")
);

-- CreateTable
CREATE TABLE "lineup_teams" (
    "match_id" INTEGER NOT NULL,
    "side" "Side" NOT NULL,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "formation" TEXT,
    "coach" TEXT,

    CONSTRAINT "lineup_teams_pkey" PRIMARY KEY ("match_id","side")
);

-- CreateTable
CREATE TABLE "lineup_players" (
    "match_id" INTEGER NOT NULL,
    "side" "Side" NOT NULL,
    "seq" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "shirt_number" INTEGER,
    "position" TEXT,
    "x" DOUBLE PRECISION,
    "y" DOUBLE PRECISION,
    "rating" DOUBLE PRECISION,
    "starter" BOOLEAN NOT NULL,
    "captain" BOOLEAN NOT NULL DEFAULT false,
    "goals" INTEGER NOT NULL DEFAULT 0,
    "yellow_cards" INTEGER NOT NULL DEFAULT 0,
    "red_cards" INTEGER NOT NULL DEFAULT 0,
    "sub_in_minute" INTEGER,
    "sub_out_minute" INTEGER,

    CONSTRAINT "lineup_players_pkey" PRIMARY KEY ("match_id","side","seq")
);

-- CreateTable
CREATE TABLE "bookmakers" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_en" TEXT NOT NULL,
    "is_aggregate" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "bookmakers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "odds" (
    "match_id" INTEGER NOT NULL,
    "bookmaker_id" INTEGER NOT NULL,
    "market" "Market" NOT NULL,
    "open_line" DOUBLE PRECISION,
    "open_home" DOUBLE PRECISION,
    "open_draw" DOUBLE PRECISION,
    "open_away" DOUBLE PRECISION,
    "open_over" DOUBLE PRECISION,
    "open_under" DOUBLE PRECISION,
    "opened_at" TIMESTAMPTZ(3),
    "close_line" DOUBLE PRECISION,
    "close_home" DOUBLE PRECISION,
    "close_draw" DOUBLE PRECISION,
    "close_away" DOUBLE PRECISION,
    "close_over" DOUBLE PRECISION,
    "close_under" DOUBLE PRECISION,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "odds_pkey" PRIMARY KEY ("match_id","bookmaker_id","market")
);

-- CreateTable
CREATE TABLE "odds_movements" (
    "match_id" INTEGER NOT NULL,
    "market" "Market" NOT NULL,
    "bookmaker_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    "line" DOUBLE PRECISION,
    "home" DOUBLE PRECISION,
    "draw" DOUBLE PRECISION,
    "away" DOUBLE PRECISION,
    "over" DOUBLE PRECISION,
    "under" DOUBLE PRECISION,
    "live_score" TEXT,
    "live_minute" TEXT,

    CONSTRAINT "odds_movements_pkey" PRIMARY KEY ("match_id","market","bookmaker_id","seq")
);

-- CreateTable
CREATE TABLE "exchange_odds" (
    "match_id" INTEGER NOT NULL,
    "payload" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exchange_odds_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "regional_boards" (
    "match_id" INTEGER NOT NULL,
    "operator" TEXT NOT NULL,
    "reference" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "regional_boards_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "regional_pools" (
    "match_id" INTEGER NOT NULL,
    "pool" TEXT NOT NULL,
    "line" DOUBLE PRECISION,
    "home" DOUBLE PRECISION,
    "draw" DOUBLE PRECISION,
    "away" DOUBLE PRECISION,
    "over" DOUBLE PRECISION,
    "under" DOUBLE PRECISION,
    "selling_status" TEXT NOT NULL DEFAULT 'selling',

    CONSTRAINT "regional_pools_pkey" PRIMARY KEY ("match_id","pool")
);

-- CreateTable
CREATE TABLE "ai_reports" (
    "match_id" INTEGER NOT NULL,
    "kind" "ReportKind" NOT NULL,
    "language" "Language" NOT NULL,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "ai_reports_pkey" PRIMARY KEY ("match_id","kind","language")
);

-- CreateTable
CREATE TABLE "customer_tips" (
    "match_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "bet_type" "Market" NOT NULL,
    "line" DOUBLE PRECISION,
    "selection" TEXT NOT NULL,
    "placed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "customer_tips_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateTable
CREATE TABLE "market_analyses" (
    "match_id" INTEGER NOT NULL,
    "market" "AnalysisMarket" NOT NULL,
    "bookmaker_id" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "market_analyses_pkey" PRIMARY KEY ("match_id","market","bookmaker_id")
);

-- CreateTable
CREATE TABLE "corner_analyses" (
    "match_id" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "corner_analyses_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "tier_limits" (
    "tier" "Tier" NOT NULL,
    "sort" INTEGER NOT NULL,
    "daily_quota" INTEGER NOT NULL,
    "rate_per_minute" INTEGER NOT NULL,
    "max_keys" INTEGER NOT NULL,
    "max_allowlist_entries_per_key" INTEGER NOT NULL,
    "free_matches_daily_quota" INTEGER NOT NULL,
    "analysis" BOOLEAN NOT NULL,
    "recommended" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "tier_limits_pkey" PRIMARY KEY ("tier")
);

-- CreateTable
CREATE TABLE "plan_versions" (
    "id" SERIAL NOT NULL,
    "plan_code" TEXT NOT NULL,
    "tier" "Tier" NOT NULL,
    "billing_period" "BillingPeriod" NOT NULL,
    "months" INTEGER NOT NULL,
    "price" DECIMAL(12,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "version" INTEGER NOT NULL,
    "compare_at_price" DECIMAL(12,2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plan_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" SERIAL NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "account_id" INTEGER NOT NULL,
    "tier" "Tier" NOT NULL,
    "plan_version_id" INTEGER,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3),
    "auto_renew" BOOLEAN NOT NULL DEFAULT true,
    "cancelled_at" TIMESTAMPTZ(3),
    "pending_tier" "Tier",
    "pending_plan_version_id" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "prefix" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "slot" INTEGER,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "allowlist_entries" (
    "id" SERIAL NOT NULL,
    "key_id" INTEGER NOT NULL,
    "entry" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "allowlist_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "daily_usage" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "key_id" INTEGER NOT NULL,
    "plan_requests" INTEGER NOT NULL DEFAULT 0,
    "free_match_requests" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "daily_usage_pkey" PRIMARY KEY ("account_id","day","key_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "competitions_code_key" ON "competitions"("code");

-- CreateIndex
CREATE INDEX "matches_kickoff_utc_id_idx" ON "matches"("kickoff_utc", "id");

-- CreateIndex
CREATE INDEX "matches_competition_id_kickoff_utc_idx" ON "matches"("competition_id", "kickoff_utc");

-- CreateIndex
CREATE INDEX "matches_status_kickoff_utc_idx" ON "matches"("status", "kickoff_utc");

-- CreateIndex
CREATE INDEX "matches_home_team_id_kickoff_utc_idx" ON "matches"("home_team_id", "kickoff_utc");

-- CreateIndex
CREATE INDEX "matches_away_team_id_kickoff_utc_idx" ON "matches"("away_team_id", "kickoff_utc");

-- CreateIndex
CREATE UNIQUE INDEX "bookmakers_name_key" ON "bookmakers"("name");

-- CreateIndex
CREATE INDEX "customer_tips_match_id_bet_type_line_idx" ON "customer_tips"("match_id", "bet_type", "line");

-- CreateIndex
CREATE UNIQUE INDEX "plan_versions_plan_code_version_key" ON "plan_versions"("plan_code", "version");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_slot_key" ON "api_keys"("slot");

-- CreateIndex
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "allowlist_entries_key_id_entry_key" ON "allowlist_entries"("key_id", "entry");

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_competition_id_fkey" FOREIGN KEY ("competition_id") REFERENCES "competitions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_fkey" FOREIGN KEY ("home_team_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_fkey" FOREIGN KEY ("away_team_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_statistics" ADD CONSTRAINT "match_statistics_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineup_teams" ADD CONSTRAINT "lineup_teams_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lineup_players" ADD CONSTRAINT "lineup_players_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odds" ADD CONSTRAINT "odds_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odds" ADD CONSTRAINT "odds_bookmaker_id_fkey" FOREIGN KEY ("bookmaker_id") REFERENCES "bookmakers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odds_movements" ADD CONSTRAINT "odds_movements_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "odds_movements" ADD CONSTRAINT "odds_movements_bookmaker_id_fkey" FOREIGN KEY ("bookmaker_id") REFERENCES "bookmakers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "exchange_odds" ADD CONSTRAINT "exchange_odds_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "regional_boards" ADD CONSTRAINT "regional_boards_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "regional_pools" ADD CONSTRAINT "regional_pools_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_reports" ADD CONSTRAINT "ai_reports_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_tips" ADD CONSTRAINT "customer_tips_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "market_analyses" ADD CONSTRAINT "market_analyses_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "market_analyses" ADD CONSTRAINT "market_analyses_bookmaker_id_fkey" FOREIGN KEY ("bookmaker_id") REFERENCES "bookmakers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corner_analyses" ADD CONSTRAINT "corner_analyses_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_version_id_fkey" FOREIGN KEY ("plan_version_id") REFERENCES "plan_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_plan_version_id_fkey" FOREIGN KEY ("pending_plan_version_id") REFERENCES "plan_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "allowlist_entries" ADD CONSTRAINT "allowlist_entries_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
