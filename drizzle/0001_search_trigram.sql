CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "game_search_name_idx";--> statement-breakpoint
CREATE INDEX "game_search_name_trgm_idx" ON "game" USING gin ("search_name" gin_trgm_ops);