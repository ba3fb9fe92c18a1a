-- PVP rooms (issue 34) run on the live tables' rounds, keyed by game and room ('' for a live table).
DROP INDEX "live_round_table_no_uq";--> statement-breakpoint
DROP INDEX "live_round_one_open_uq";--> statement-breakpoint
ALTER TABLE "live_round" ADD COLUMN "room" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_table" ADD COLUMN "room" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_table" DROP CONSTRAINT "live_table_pkey";--> statement-breakpoint
ALTER TABLE "live_table" ADD CONSTRAINT "live_table_node_id_room_pk" PRIMARY KEY("node_id","room");--> statement-breakpoint
CREATE UNIQUE INDEX "live_round_table_no_uq" ON "live_round" USING btree ("node_id","room","round_no");--> statement-breakpoint
CREATE UNIQUE INDEX "live_round_one_open_uq" ON "live_round" USING btree ("node_id","room") WHERE status = 'open';
