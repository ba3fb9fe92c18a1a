CREATE TABLE "lottery_draw" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"draw_no" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"numbers" jsonb,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draw_game_no_uq" ON "lottery_draw" USING btree ("game_code","draw_no");--> statement-breakpoint
CREATE INDEX "lottery_draw_due_idx" ON "lottery_draw" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_draw_game_time_idx" ON "lottery_draw" USING btree ("game_code","draw_at");