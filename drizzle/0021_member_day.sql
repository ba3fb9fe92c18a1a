CREATE TABLE "member_day" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"vendor" text NOT NULL,
	"tree_path" text NOT NULL,
	"depth" integer NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_day_member_id_day_vendor_pk" PRIMARY KEY("member_id","day","vendor")
);
--> statement-breakpoint
ALTER TABLE "member_day" ADD CONSTRAINT "member_day_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_day_tree_idx" ON "member_day" USING btree ("tree_path" text_pattern_ops,"day");--> statement-breakpoint
CREATE INDEX "member_day_day_idx" ON "member_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "game_round_time_idx" ON "game_round" USING btree ("created_at");