CREATE TABLE "team_member_day" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"tree_path" text NOT NULL,
	"depth" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"valid_bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	CONSTRAINT "team_member_day_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
ALTER TABLE "team_member_day" ADD CONSTRAINT "team_member_day_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_member_day_member_idx" ON "team_member_day" USING btree ("member_id","day","tree_path","depth","bet_count","valid_bet","payout");--> statement-breakpoint
CREATE INDEX "team_member_day_tree_idx" ON "team_member_day" USING btree ("tree_path" text_pattern_ops,"day","member_id","depth","bet_count","valid_bet","payout");