CREATE TABLE "raffle_draw" (
	"promotion_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"status" text NOT NULL,
	"tickets" integer,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "raffle_draw_promotion_id_period_start_pk" PRIMARY KEY("promotion_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "raffle_entry" (
	"promotion_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"member_id" integer NOT NULL,
	"first_ticket" integer NOT NULL,
	"tickets" integer NOT NULL,
	CONSTRAINT "raffle_entry_promotion_id_period_start_member_id_pk" PRIMARY KEY("promotion_id","period_start","member_id")
);
--> statement-breakpoint
CREATE TABLE "raffle_prize" (
	"promotion_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"rank" integer NOT NULL,
	"ticket" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reward_id" bigint NOT NULL,
	CONSTRAINT "raffle_prize_promotion_id_period_start_rank_pk" PRIMARY KEY("promotion_id","period_start","rank")
);
--> statement-breakpoint
ALTER TABLE "raffle_entry" ADD CONSTRAINT "raffle_entry_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_prize" ADD CONSTRAINT "raffle_prize_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raffle_draw_open_idx" ON "raffle_draw" USING btree ("period_end") WHERE "raffle_draw"."status" = 'open';