ALTER TABLE "member" ADD COLUMN "tree_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "depth" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "member_tree_path_idx" ON "member" USING btree ("tree_path" text_pattern_ops);