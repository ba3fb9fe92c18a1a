CREATE TABLE "member_day_dirty" (
	"day" date PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_day" (
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"vendor" text NOT NULL,
	"direct" boolean NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_day_agent_id_day_vendor_direct_pk" PRIMARY KEY("agent_id","day","vendor","direct")
);
--> statement-breakpoint
CREATE TABLE "team_day_built" (
	"day" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_day" ADD CONSTRAINT "team_day_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;