ALTER TABLE "member" ADD COLUMN "vip_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_reward" ADD COLUMN "turnover" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_reward" ADD COLUMN "wagering_days" integer;