CREATE TABLE "leaderboard_period" (
	"board_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"status" text NOT NULL,
	"entries" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "leaderboard_period_board_id_period_key_pk" PRIMARY KEY("board_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_prize" (
	"board_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"rank" integer NOT NULL,
	"member_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"tiebreak" text NOT NULL,
	"amount" bigint NOT NULL,
	"reward_id" bigint NOT NULL,
	CONSTRAINT "leaderboard_prize_board_id_period_key_rank_pk" PRIMARY KEY("board_id","period_key","rank")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_score" (
	"board_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"member_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_score_board_id_period_key_member_id_pk" PRIMARY KEY("board_id","period_key","member_id")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_prize" ADD CONSTRAINT "leaderboard_prize_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_score" ADD CONSTRAINT "leaderboard_score_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_period_open_idx" ON "leaderboard_period" USING btree ("period_end") WHERE "leaderboard_period"."status" = 'open';--> statement-breakpoint
CREATE INDEX "leaderboard_score_rank_idx" ON "leaderboard_score" USING btree ("board_id","period_key","score" DESC NULLS LAST,"member_id");