CREATE TABLE "sport_bet" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"win" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_bet_round_id_unique" UNIQUE("round_id")
);
--> statement-breakpoint
CREATE TABLE "sport_fixture" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"book" text NOT NULL,
	"lane" integer NOT NULL,
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"params" jsonb NOT NULL,
	"chances" jsonb NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"drawn" jsonb,
	"result" jsonb,
	"revision" integer DEFAULT 0 NOT NULL,
	"settled_revision" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sport_leg" (
	"bet_id" bigint NOT NULL,
	"fixture_id" bigint NOT NULL,
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "sport_leg_bet_id_fixture_id_pk" PRIMARY KEY("bet_id","fixture_id")
);
--> statement-breakpoint
ALTER TABLE "sport_bet" ADD CONSTRAINT "sport_bet_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bet" ADD CONSTRAINT "sport_bet_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_leg" ADD CONSTRAINT "sport_leg_bet_id_sport_bet_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_leg" ADD CONSTRAINT "sport_leg_fixture_id_sport_fixture_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."sport_fixture"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_bet_member_idx" ON "sport_bet" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "sport_bet_open_idx" ON "sport_bet" USING btree ("member_id","created_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "sport_fixture_slot_uq" ON "sport_fixture" USING btree ("book","starts_at","lane");--> statement-breakpoint
CREATE INDEX "sport_fixture_due_idx" ON "sport_fixture" USING btree ("ends_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "sport_fixture_book_end_idx" ON "sport_fixture" USING btree ("book","ends_at");--> statement-breakpoint
CREATE INDEX "sport_fixture_unsettled_idx" ON "sport_fixture" USING btree ("id") WHERE settled_revision < revision;--> statement-breakpoint
CREATE INDEX "sport_leg_fixture_idx" ON "sport_leg" USING btree ("fixture_id","bet_id");