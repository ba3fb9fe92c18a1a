-- The primary key becomes the covering index (issue 35: user loss of a large team is an
-- index-only scan in member order); the separate covering copy goes. Written by hand: Drizzle
-- cannot declare a key's INCLUDE columns.
ALTER TABLE "team_member_day" DROP CONSTRAINT "team_member_day_member_id_day_pk";--> statement-breakpoint
DROP INDEX "team_member_day_member_idx";--> statement-breakpoint
ALTER TABLE "team_member_day" ADD CONSTRAINT "team_member_day_member_id_day_pk" PRIMARY KEY ("member_id", "day") INCLUDE ("tree_path", "depth", "bet_count", "valid_bet", "payout");
