-- One status's rows by when they were placed (the orders screen's "placed" column, newest first).
-- placedAt may be missing, and the store sorts a column that may be missing NULLS LAST in both
-- directions (as the JSON store does): a plain DESC index is in NULLS FIRST order, which
-- PostgreSQL cannot use for that, so this one is declared in the query's own order. Columns that
-- are never NULL are sorted without NULLS LAST and use 001's indexes as they are.
CREATE INDEX orders_status_placed_idx ON orders (status, "placedAt" DESC NULLS LAST, id);
