-- CreateTable
CREATE TABLE "search_terms" (
    "kind" "EntityKind" NOT NULL,
    "entity_id" INTEGER NOT NULL,
    "term" BYTEA NOT NULL,
    "whole" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "search_terms_pkey" PRIMARY KEY ("kind","entity_id","whole","term")
);

-- CreateIndex
CREATE INDEX "search_terms_kind_whole_term_idx" ON "search_terms"("kind", "whole", "term");
