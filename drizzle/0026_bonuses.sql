CREATE TABLE "bonus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"titles" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"turnover_required" bigint NOT NULL,
	"weights" jsonb NOT NULL,
	"max_bet" bigint,
	"status" text NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "bonus_amount_positive" CHECK ("bonus"."amount" > 0 and "bonus"."turnover_required" >= 0 and "bonus"."recovered" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonus" ADD CONSTRAINT "bonus_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_reference_uq" ON "bonus" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bonus_member_idx" ON "bonus" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "bonus_active_idx" ON "bonus" USING btree ("expires_at") WHERE "bonus"."status" = 'active';