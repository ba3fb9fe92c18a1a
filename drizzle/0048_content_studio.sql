CREATE TABLE "content_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"action" text NOT NULL,
	"version_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"scheduled_version" integer,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entry_kind_ck" CHECK ("content_entry"."kind" in ('help', 'promotion')),
	CONSTRAINT "content_entry_schedule_ck" CHECK (("content_entry"."scheduled_version" is null) = ("content_entry"."scheduled_at" is null))
);
--> statement-breakpoint
CREATE TABLE "content_preview" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"staff" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"number" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"author" text NOT NULL,
	"source_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_change" ADD CONSTRAINT "content_change_entry_id_content_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_version" ADD CONSTRAINT "content_version_entry_id_content_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_change_entry_idx" ON "content_change" USING btree ("entry_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_entry_doc_uq" ON "content_entry" USING btree ("kind","slug","locale");--> statement-breakpoint
CREATE INDEX "content_entry_due_idx" ON "content_entry" USING btree ("scheduled_at") WHERE "content_entry"."scheduled_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_version_number_uq" ON "content_version" USING btree ("entry_id","number");--> statement-breakpoint
CREATE FUNCTION "content_version_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'content_version is append-only';
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "content_version_no_change" BEFORE UPDATE OR DELETE ON "content_version" FOR EACH ROW EXECUTE FUNCTION "content_version_append_only"();
