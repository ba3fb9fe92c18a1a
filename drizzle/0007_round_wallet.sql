-- A round remembers the wallet its bet came from, so that its win or refund goes back there
-- whatever the caller says. Rounds made before this column were all debited from a wallet the
-- caller named again at settlement; the main wallet is the only safe default for them.
ALTER TABLE "game_round" ADD COLUMN "wallet_account" text;
--> statement-breakpoint
UPDATE "game_round" SET "wallet_account" = 'member:' || "member_id" || ':main' WHERE "wallet_account" IS NULL;
--> statement-breakpoint
ALTER TABLE "game_round" ALTER COLUMN "wallet_account" SET NOT NULL;
