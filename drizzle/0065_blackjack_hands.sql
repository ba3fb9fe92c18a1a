ALTER TABLE "sandbox_round" ADD COLUMN "open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_round" ADD COLUMN "acted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_round_open_hand_uq" ON "sandbox_round" USING btree ("seed_id","node_id") WHERE open;--> statement-breakpoint
CREATE INDEX "sandbox_round_idle_idx" ON "sandbox_round" USING btree ("acted_at") WHERE open;