CREATE TABLE "raffle_bonus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"tickets" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "raffle_bonus_tickets_positive" CHECK ("raffle_bonus"."tickets" > 0)
);
--> statement-breakpoint
ALTER TABLE "mall_redemption" ADD COLUMN "quantity" integer;--> statement-breakpoint
ALTER TABLE "leaderboard_period" ADD COLUMN "entrant_key" text;--> statement-breakpoint
ALTER TABLE "leaderboard_period" ADD COLUMN "contenders" jsonb;--> statement-breakpoint
ALTER TABLE "promo_reward" ADD COLUMN "payout" jsonb;--> statement-breakpoint
ALTER TABLE "raffle_bonus" ADD CONSTRAINT "raffle_bonus_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_bonus_reference_uq" ON "raffle_bonus" USING btree ("member_id","reference");--> statement-breakpoint
CREATE INDEX "raffle_bonus_period_idx" ON "raffle_bonus" USING btree ("promotion_id","created_at");