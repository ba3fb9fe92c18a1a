CREATE TABLE "promo_entry" (
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"status" text NOT NULL,
	"bonus_id" bigint,
	"joined_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	CONSTRAINT "promo_entry_member_id_promotion_id_pk" PRIMARY KEY("member_id","promotion_id")
);
--> statement-breakpoint
ALTER TABLE "promo_entry" ADD CONSTRAINT "promo_entry_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;