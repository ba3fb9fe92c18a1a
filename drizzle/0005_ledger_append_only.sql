-- The ledger is append-only: entries and transfers are never changed or removed; a correction
-- is a new transfer. This trigger refuses UPDATE and DELETE on them for every client.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfer_append_only BEFORE UPDATE OR DELETE ON "ledger_transfer"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
