CREATE TABLE "chat_block" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"blocked_by" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"visitor_key" text,
	"visitor_name" text,
	"visitor_contact" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"assigned_to" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"member_read_id" bigint DEFAULT 0 NOT NULL,
	"staff_read_id" bigint DEFAULT 0 NOT NULL,
	"forwarded_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"staff_name" text,
	"body" text NOT NULL,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_block" ADD CONSTRAINT "chat_block_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_id_chat_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversation_member_idx" ON "chat_conversation" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_visitor_idx" ON "chat_conversation" USING btree ("visitor_key");--> statement-breakpoint
CREATE INDEX "chat_conversation_status_idx" ON "chat_conversation" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "chat_conversation_last_message_idx" ON "chat_conversation" USING btree ("last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_one_open_idx" ON "chat_conversation" USING btree ("member_id") WHERE status <> 'closed' and member_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversation_one_open_visitor_idx" ON "chat_conversation" USING btree ("visitor_key") WHERE status <> 'closed' and member_id is null and visitor_key is not null;--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_client_key_idx" ON "chat_message" USING btree ("conversation_id","client_key");