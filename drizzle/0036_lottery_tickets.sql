CREATE TABLE "lottery_ticket" (
	"round_id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"draw_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"draw_no" text NOT NULL,
	"bet_type" text NOT NULL,
	"selection" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"slip_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_ticket" ADD CONSTRAINT "lottery_ticket_draw_id_lottery_draw_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draw"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_ticket_draw_idx" ON "lottery_ticket" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "lottery_ticket_member_idx" ON "lottery_ticket" USING btree ("member_id","created_at");