-- Exact row counts of the record tables, so the X-Total-Count of a whole table (an admin's
-- unfiltered list, the screen everyone opens first) is a read of a few rows, not a count(*)
-- over a million. Each table's count is spread over 16 shards: a transaction adds its inserts
-- and deletes to one shard at its end (pg-store.ts), so concurrent writers rarely wait on the
-- same row, and the total is the sum of the shards. Portable SQL (decision 050): no triggers.
CREATE TABLE row_counts (
  tbl text NOT NULL,
  shard smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tbl, shard)
);
INSERT INTO row_counts (tbl, shard, n)
SELECT t.tbl, s.shard, 0
FROM (VALUES ('staff'), ('categories'), ('customers'), ('products'), ('orders'), ('audit_events')) AS t (tbl)
CROSS JOIN generate_series(0, 15) AS s (shard);
UPDATE row_counts SET n = (SELECT count(*) FROM staff) WHERE tbl = 'staff' AND shard = 0;
UPDATE row_counts SET n = (SELECT count(*) FROM categories) WHERE tbl = 'categories' AND shard = 0;
UPDATE row_counts SET n = (SELECT count(*) FROM customers) WHERE tbl = 'customers' AND shard = 0;
UPDATE row_counts SET n = (SELECT count(*) FROM products) WHERE tbl = 'products' AND shard = 0;
UPDATE row_counts SET n = (SELECT count(*) FROM orders) WHERE tbl = 'orders' AND shard = 0;
UPDATE row_counts SET n = (SELECT count(*) FROM audit_events) WHERE tbl = 'audit_events' AND shard = 0;

-- The dashboard's revenue and top customers read paid orders by paidAt; with the customer and
-- the total in the index they are answered from it alone (an index-only scan).
DROP INDEX orders_paid_idx;
CREATE INDEX orders_paid_idx ON orders ("paidAt") INCLUDE ("customerId", total) WHERE status IN ('paid', 'shipped', 'delivered');
