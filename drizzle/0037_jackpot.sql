CREATE TABLE "jackpot" (
	"code" text PRIMARY KEY NOT NULL,
	"start_minor" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"per_second_minor" bigint NOT NULL,
	"bet_share_bp" integer NOT NULL
);
