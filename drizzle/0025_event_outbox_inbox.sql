CREATE TABLE "event_cursor" (
	"consumer" text PRIMARY KEY NOT NULL,
	"last_txid" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"template" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" jsonb,
	"body" jsonb,
	"event_id" bigint,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_state" (
	"member_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "inbox_state_member_id_message_id_pk" PRIMARY KEY("member_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "inbox_message" ADD CONSTRAINT "inbox_message_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_state" ADD CONSTRAINT "inbox_state_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_state" ADD CONSTRAINT "inbox_state_message_id_inbox_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_message"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_outbox_order_idx" ON "event_outbox" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "inbox_message_member_idx" ON "inbox_message" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_message_event_uq" ON "inbox_message" USING btree ("event_id") WHERE "inbox_message"."event_id" is not null;