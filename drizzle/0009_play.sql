CREATE TABLE "game_seed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"demo" boolean NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"provider" text NOT NULL,
	"demo" boolean NOT NULL,
	"demo_balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_session_demo_balance_ck" CHECK ("game_session"."demo_balance" is null or "game_session"."demo_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_recent_game" (
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"last_launched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_recent_game_member_id_node_id_pk" PRIMARY KEY("member_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_round" (
	"round_id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"demo" boolean NOT NULL,
	"bet_amount" bigint NOT NULL,
	"win_amount" bigint NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"stops" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor" ADD COLUMN "maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_seed" ADD CONSTRAINT "game_seed_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_session" ADD CONSTRAINT "game_session_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_session" ADD CONSTRAINT "game_session_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recent_game" ADD CONSTRAINT "member_recent_game_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_recent_game" ADD CONSTRAINT "member_recent_game_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_round" ADD CONSTRAINT "sandbox_round_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_round" ADD CONSTRAINT "sandbox_round_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_round" ADD CONSTRAINT "sandbox_round_session_id_game_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_round" ADD CONSTRAINT "sandbox_round_seed_id_game_seed_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."game_seed"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_seed_active_uq" ON "game_seed" USING btree ("member_id","demo") WHERE "game_seed"."revealed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_session_token_uq" ON "game_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_recent_game_list_idx" ON "member_recent_game" USING btree ("member_id","last_launched_at");--> statement-breakpoint
CREATE INDEX "sandbox_round_member_idx" ON "sandbox_round" USING btree ("member_id","node_id","demo","created_at");--> statement-breakpoint
CREATE INDEX "game_round_open_idx" ON "game_round" USING btree ("created_at") WHERE "game_round"."status" = 'open';