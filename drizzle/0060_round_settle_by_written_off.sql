ALTER TABLE "game_round" ADD COLUMN "settle_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_round" ADD COLUMN "written_off" bigint DEFAULT 0 NOT NULL;