-- resources_uncount_tags(): the row trigger of `resources`, before a delete: the resource's tags leave (counted
-- down by tag_usage_count()) while the resource is still there to say under which project and type they counted.
CREATE OR REPLACE FUNCTION resources_uncount_tags() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM resource_tags WHERE resource_id = OLD.id;
  RETURN OLD;
END $fn$;
