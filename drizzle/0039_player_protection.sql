CREATE TABLE "significant_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"ip" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_external_exclusion" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limit" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"period_start" date,
	"used" bigint DEFAULT 0 NOT NULL,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limit_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "rg_member" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"block_kind" text,
	"block_from" timestamp with time zone,
	"block_until" timestamp with time zone,
	"reopen_at" timestamp with time zone,
	"reality_minutes" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rg_limit" ADD CONSTRAINT "rg_limit_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_member" ADD CONSTRAINT "rg_member_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "significant_event_member_idx" ON "significant_event" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "significant_event_kind_idx" ON "significant_event" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "rg_member_block_idx" ON "rg_member" USING btree ("block_kind") WHERE "rg_member"."block_kind" is not null;--> statement-breakpoint
-- The significant-event log is append-only (GLI-19): an entry is never changed; retention deletes old ones.
CREATE FUNCTION "significant_event_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'significant_event is append-only';
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "significant_event_no_update" BEFORE UPDATE ON "significant_event" FOR EACH ROW EXECUTE FUNCTION "significant_event_append_only"();
