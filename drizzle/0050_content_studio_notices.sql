ALTER TABLE "content_entry" DROP CONSTRAINT "content_entry_kind_ck";--> statement-breakpoint
ALTER TABLE "announcement" ADD COLUMN "entry_id" integer;--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "entry_id" integer;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_entry_id_content_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner" ADD CONSTRAINT "banner_entry_id_content_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."content_entry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement" ADD CONSTRAINT "announcement_entry_id_unique" UNIQUE("entry_id");--> statement-breakpoint
ALTER TABLE "banner" ADD CONSTRAINT "banner_entry_id_unique" UNIQUE("entry_id");--> statement-breakpoint
ALTER TABLE "content_entry" ADD CONSTRAINT "content_entry_kind_ck" CHECK ("content_entry"."kind" in ('help', 'promotion', 'announcement', 'banner'));