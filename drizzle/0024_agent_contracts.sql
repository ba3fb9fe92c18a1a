CREATE TABLE "agent_contract" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"upline_id" integer,
	"agent_id" integer NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"rate" integer NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"termination_requested_by" integer,
	"termination_requested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_contract_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "agent_period" (
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrections" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_period_kind_period_start_pk" PRIMARY KEY("kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "agent_settlement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"figures" jsonb NOT NULL,
	"due" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"transfer_id" bigint,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_upline_id_member_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract" ADD CONSTRAINT "agent_contract_termination_requested_by_member_id_fk" FOREIGN KEY ("termination_requested_by") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_event" ADD CONSTRAINT "agent_contract_event_contract_id_agent_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_event" ADD CONSTRAINT "agent_contract_event_actor_id_member_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_contract_id_agent_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contract"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlement" ADD CONSTRAINT "agent_settlement_agent_id_member_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_active_uq" ON "agent_contract" USING btree ("agent_id","kind") WHERE "agent_contract"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_offered_uq" ON "agent_contract" USING btree ("agent_id","kind") WHERE "agent_contract"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "agent_contract_upline_idx" ON "agent_contract" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE INDEX "agent_contract_event_contract_idx" ON "agent_contract_event" USING btree ("contract_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlement_uq" ON "agent_settlement" USING btree ("contract_id","period_start","seq");--> statement-breakpoint
CREATE INDEX "agent_settlement_agent_idx" ON "agent_settlement" USING btree ("agent_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "agent_settlement_period_idx" ON "agent_settlement" USING btree ("kind","period_start");