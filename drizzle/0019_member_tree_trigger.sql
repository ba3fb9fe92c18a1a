-- The agent tree (member.tree_path, member.depth; src/features/accounts/server/tables.ts): each
-- member's path is its upline's path and its own id, set here for every way a member is made.
CREATE OR REPLACE FUNCTION member_tree_path() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_path text;
  parent_depth smallint;
BEGIN
  IF NEW.upline_id IS NOT NULL THEN
    SELECT tree_path, depth INTO parent_path, parent_depth FROM member WHERE id = NEW.upline_id;
  END IF;
  IF parent_path IS NULL OR parent_path = '' THEN
    NEW.tree_path := '/' || NEW.id || '/';
    NEW.depth := 0;
  ELSE
    NEW.tree_path := parent_path || NEW.id || '/';
    NEW.depth := parent_depth + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_tree_path BEFORE INSERT ON member FOR EACH ROW EXECUTE FUNCTION member_tree_path();
--> statement-breakpoint
-- Existing members: paths from the top down (an upline that does not exist makes a top).
WITH RECURSIVE t AS (
  SELECT id, '/' || id || '/' AS p, 0 AS d FROM member
  WHERE upline_id IS NULL OR NOT EXISTS (SELECT 1 FROM member u WHERE u.id = member.upline_id)
  UNION ALL
  SELECT m.id, t.p || m.id || '/', t.d + 1 FROM member m JOIN t ON m.upline_id = t.id
)
UPDATE member SET tree_path = t.p, depth = t.d FROM t WHERE member.id = t.id AND member.tree_path = '';
--> statement-breakpoint
-- An upline is fixed at registration: moving a member would move its whole team's paths.
CREATE OR REPLACE FUNCTION member_upline_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.upline_id IS DISTINCT FROM OLD.upline_id OR NEW.tree_path <> OLD.tree_path OR NEW.depth <> OLD.depth THEN
    RAISE EXCEPTION 'member %: the upline and tree path never change', OLD.id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER member_upline_fixed BEFORE UPDATE OF upline_id, tree_path, depth ON member FOR EACH ROW EXECUTE FUNCTION member_upline_fixed();
