CREATE TABLE "promo_signin" (
	"member_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_signin_member_id_promotion_id_day_pk" PRIMARY KEY("member_id","promotion_id","day")
);
--> statement-breakpoint
ALTER TABLE "promo_signin" ADD CONSTRAINT "promo_signin_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;