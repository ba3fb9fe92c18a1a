CREATE TABLE "staff_member_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_member_note" ADD CONSTRAINT "staff_member_note_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_member_note" ADD CONSTRAINT "staff_member_note_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_member_note_member_idx" ON "staff_member_note" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE FUNCTION "staff_member_note_append_only"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'staff_member_note is append-only';
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "staff_member_note_no_change" BEFORE UPDATE OR DELETE ON "staff_member_note" FOR EACH ROW EXECUTE FUNCTION "staff_member_note_append_only"();
