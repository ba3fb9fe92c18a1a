CREATE INDEX "member_username_prefix_idx" ON "member" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "member_email_prefix_idx" ON "member" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "member_mobile_prefix_idx" ON "member" USING btree ("mobile" text_pattern_ops);