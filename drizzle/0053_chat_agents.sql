CREATE TABLE "chat_agent" (
	"username" text PRIMARY KEY NOT NULL,
	"accepting" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_assigned_at" timestamp with time zone
);
