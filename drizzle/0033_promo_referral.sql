CREATE TABLE "promo_referral" (
	"friend_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"status" text NOT NULL,
	"month" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_referral" ADD CONSTRAINT "promo_referral_friend_id_member_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_referral" ADD CONSTRAINT "promo_referral_referrer_id_member_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_referral_referrer_idx" ON "promo_referral" USING btree ("referrer_id","month");