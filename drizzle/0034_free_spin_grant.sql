CREATE TABLE "free_spin_grant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"titles" jsonb NOT NULL,
	"bet" bigint NOT NULL,
	"spins" integer NOT NULL,
	"spins_left" integer NOT NULL,
	"winnings" bigint DEFAULT 0 NOT NULL,
	"wagering_percent" integer NOT NULL,
	"wagering_days" integer NOT NULL,
	"weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"bonus_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "free_spin_grant_spins_ck" CHECK ("free_spin_grant"."spins_left" >= 0 and "free_spin_grant"."spins_left" <= "free_spin_grant"."spins")
);
--> statement-breakpoint
ALTER TABLE "sandbox_round" ADD COLUMN "free_spin_grant_id" bigint;--> statement-breakpoint
ALTER TABLE "free_spin_grant" ADD CONSTRAINT "free_spin_grant_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_spin_grant" ADD CONSTRAINT "free_spin_grant_node_id_game_node_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."game"("node_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_spin_grant_reference_uq" ON "free_spin_grant" USING btree ("member_id","reference");--> statement-breakpoint
CREATE INDEX "free_spin_grant_active_idx" ON "free_spin_grant" USING btree ("member_id","node_id") WHERE "free_spin_grant"."status" = 'active';