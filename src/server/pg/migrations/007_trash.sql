-- Nothing is lost: the trash is read from the audit log's delete, restore and purge events (a
-- few among millions of updates), newest first; and an update that set a record back to an
-- earlier version names the event it went back to.
CREATE INDEX audit_events_trash_idx ON audit_events (at DESC, id DESC) WHERE action IN ('delete', 'restore', 'purge');
ALTER TABLE audit_events ADD COLUMN "revertOf" bigint;
