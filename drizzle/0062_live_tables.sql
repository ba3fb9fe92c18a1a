CREATE TABLE "live_bet" (
	"live_round_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"bets" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"win" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_bet_live_round_id_member_id_pk" PRIMARY KEY("live_round_id","member_id"),
	CONSTRAINT "live_bet_round_id_unique" UNIQUE("round_id")
);
--> statement-breakpoint
CREATE TABLE "live_round" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stops" jsonb,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_table" (
	"node_id" integer PRIMARY KEY NOT NULL,
	"watched_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_bet" ADD CONSTRAINT "live_bet_live_round_id_live_round_id_fk" FOREIGN KEY ("live_round_id") REFERENCES "public"."live_round"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bet" ADD CONSTRAINT "live_bet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_round" ADD CONSTRAINT "live_round_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_table" ADD CONSTRAINT "live_table_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_bet_member_idx" ON "live_bet" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_round_table_no_uq" ON "live_round" USING btree ("node_id","round_no");--> statement-breakpoint
CREATE UNIQUE INDEX "live_round_one_open_uq" ON "live_round" USING btree ("node_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "live_round_due_idx" ON "live_round" USING btree ("closes_at") WHERE status = 'open';