-- CreateIndex
CREATE INDEX "matches_home_team_id_away_team_id_kickoff_utc_idx" ON "matches"("home_team_id", "away_team_id", "kickoff_utc");
