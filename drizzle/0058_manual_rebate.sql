CREATE TABLE "rebate_claim" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"bonus_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rebate_claim_amount_positive" CHECK ("rebate_claim"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_claimed_bet" (
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"day" date NOT NULL,
	"vendor" text NOT NULL,
	"valid_bet" bigint NOT NULL,
	CONSTRAINT "rebate_claimed_bet_member_id_promotion_id_day_vendor_pk" PRIMARY KEY("member_id","promotion_id","day","vendor")
);
--> statement-breakpoint
ALTER TABLE "rebate_claim" ADD CONSTRAINT "rebate_claim_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claimed_bet" ADD CONSTRAINT "rebate_claimed_bet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebate_claim_member_idx" ON "rebate_claim" USING btree ("member_id","created_at");