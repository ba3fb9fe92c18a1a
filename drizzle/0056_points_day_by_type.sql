-- points_day keeps a day's points per type (issue 32: a bet settled after its day closed still earns). The table is a day old: a row from before counts as slot points.
ALTER TABLE "points_day" DROP CONSTRAINT "points_day_member_id_day_pk";--> statement-breakpoint
ALTER TABLE "points_day" ADD COLUMN "type" text NOT NULL DEFAULT 'rng';--> statement-breakpoint
ALTER TABLE "points_day" ALTER COLUMN "type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "points_day" ADD CONSTRAINT "points_day_member_id_day_type_pk" PRIMARY KEY("member_id","day","type");--> statement-breakpoint
CREATE INDEX "points_day_day_idx" ON "points_day" USING btree ("day");
