CREATE TABLE "member_recovery_code" (
	"member_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "member_recovery_code_member_id_code_hash_pk" PRIMARY KEY("member_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "totp_last_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_recovery_code" ADD CONSTRAINT "member_recovery_code_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;