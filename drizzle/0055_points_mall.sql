CREATE TABLE "mall_redemption" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint,
	"status" text NOT NULL,
	"address" jsonb,
	"note" text,
	"bonus_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mall_stock" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mall_stock_sold_not_negative" CHECK ("mall_stock"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_day" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"points" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_day_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "mall_redemption" ADD CONSTRAINT "mall_redemption_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_day" ADD CONSTRAINT "points_day_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_redemption_member_idx" ON "mall_redemption" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "mall_redemption_status_idx" ON "mall_redemption" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mall_redemption_item_member_idx" ON "mall_redemption" USING btree ("member_id","item_id");