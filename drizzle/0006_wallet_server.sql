ALTER TABLE "payment_order" ADD COLUMN "pay_url" text;--> statement-breakpoint
CREATE INDEX "ledger_entry_account_time_idx" ON "ledger_entry" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_callback_event_uq" ON "payment_callback" USING btree ("provider","event_id") WHERE "payment_callback"."outcome" in ('credited', 'failed');