CREATE TABLE "announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"type" text NOT NULL,
	"execution" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"promotion_type" text,
	"group_name" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"linkage_type" text,
	"target" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game" (
	"node_id" serial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"search_name" text NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_classify" text NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"support_play" smallint DEFAULT 0 NOT NULL,
	"is_game" text DEFAULT 'GAME' NOT NULL,
	"min_bet" bigint NOT NULL,
	"line_num" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"hot_rank" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"seed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"command" text NOT NULL,
	"args" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"code" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"game_type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winner" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"win_amount" bigint NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_vassalage_vendor_code_fk" FOREIGN KEY ("vassalage") REFERENCES "public"."vendor"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winner" ADD CONSTRAINT "winner_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_locale_idx" ON "announcement" USING btree ("locale","type","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "game_vendor_code_uq" ON "game" USING btree ("vassalage","game_code");--> statement-breakpoint
CREATE INDEX "game_type_sort_idx" ON "game" USING btree ("game_type","sort","node_id");--> statement-breakpoint
CREATE INDEX "game_vendor_sort_idx" ON "game" USING btree ("vassalage","sort","node_id");--> statement-breakpoint
CREATE INDEX "game_hot_idx" ON "game" USING btree ("is_hot","hot_rank");--> statement-breakpoint
CREATE INDEX "game_search_name_idx" ON "game" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "winner_amount_idx" ON "winner" USING btree ("win_amount");