ALTER TABLE "message_outbox" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
-- Messages kept before secrets were stored apart: mask the sms codes, drop the e-mails' text (it held temporary passwords).
UPDATE "message_outbox" SET "body" = regexp_replace("body", '\m[0-9]{6}\M', '••••••', 'g') WHERE "channel" = 'sms';--> statement-breakpoint
UPDATE "message_outbox" SET "body" = '(text removed: it held a temporary password)' WHERE "channel" = 'email';
