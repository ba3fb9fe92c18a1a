ALTER TABLE "game_seed" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_session" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_round" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_seed" ADD COLUMN "guest_session_id" bigint;--> statement-breakpoint
ALTER TABLE "game_seed" ADD CONSTRAINT "game_seed_guest_session_id_game_session_id_fk" FOREIGN KEY ("guest_session_id") REFERENCES "public"."game_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_seed_guest_active_uq" ON "game_seed" USING btree ("guest_session_id","demo") WHERE "game_seed"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_round_session_idx" ON "sandbox_round" USING btree ("session_id","created_at");--> statement-breakpoint
ALTER TABLE "game_seed" ADD CONSTRAINT "game_seed_owner_ck" CHECK (("game_seed"."member_id" is null) <> ("game_seed"."guest_session_id" is null));--> statement-breakpoint
ALTER TABLE "game_session" ADD CONSTRAINT "game_session_guest_demo_ck" CHECK ("game_session"."member_id" is not null or ("game_session"."demo" and "game_session"."member_session_id" is null));