CREATE TABLE "promo_reward" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"promotion_id" integer,
	"reference" text NOT NULL,
	"titles" jsonb,
	"period" text,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"bonus_id" bigint,
	CONSTRAINT "promo_reward_amount_positive" CHECK ("promo_reward"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "promo_reward" ADD CONSTRAINT "promo_reward_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_reward_reference_uq" ON "promo_reward" USING btree ("member_id","reference");--> statement-breakpoint
CREATE INDEX "promo_reward_member_idx" ON "promo_reward" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_reward_claimable_idx" ON "promo_reward" USING btree ("expires_at") WHERE "promo_reward"."status" = 'claimable';