-- Indexes in the order the list queries ask for. The store sorts every column NULLS LAST, in both
-- directions (missing values last, as the JSON store does); a DESC index without NULLS LAST is in
-- NULLS FIRST order, which PostgreSQL cannot use for "ORDER BY … DESC NULLS LAST" even on a NOT NULL
-- column, so the newest-first pages of 001 sorted every row. These replace those indexes.
DROP INDEX IF EXISTS orders_created_idx;
DROP INDEX IF EXISTS orders_assignee_created_idx;
DROP INDEX IF EXISTS orders_status_created_idx;
DROP INDEX IF EXISTS audit_events_at_idx;
-- The default list (newest first), an agent's own rows, one status's rows, in the same order.
CREATE INDEX orders_created_idx ON orders ("createdAt" DESC NULLS LAST, id);
CREATE INDEX orders_assignee_created_idx ON orders ("assigneeId", "createdAt" DESC NULLS LAST, id);
CREATE INDEX orders_status_created_idx ON orders (status, "createdAt" DESC NULLS LAST, id);
-- One status's rows by when they were placed (the orders screen's "placed" column, newest first).
CREATE INDEX orders_status_placed_idx ON orders (status, "placedAt" DESC NULLS LAST, id);
-- The audit log, newest first.
CREATE INDEX audit_events_at_idx ON audit_events (at DESC NULLS LAST, id);
