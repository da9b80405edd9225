-- The dashboard's order figures at a million orders: counts by status, revenue by month, top
-- customers of the year were each a pass over every order (0.6 s a dashboard at 1M). Orders are
-- tallied instead by what those figures group and the row scopes filter on (status, assignee,
-- customer, the UTC month paid, '' when unpaid): a transaction adds its order inserts, changes
-- and deletes to the tallies at its end (pg-store.ts), so they are exact at every commit and
-- the figures read a few thousand rows. Portable SQL (decision 050): no triggers.
CREATE TABLE order_tallies (
  status text NOT NULL,
  "assigneeId" bigint NOT NULL,
  "customerId" bigint NOT NULL,
  "paidMonth" text NOT NULL,
  n bigint NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (status, "assigneeId", "customerId", "paidMonth")
);
INSERT INTO order_tallies (status, "assigneeId", "customerId", "paidMonth", n, total)
SELECT status, "assigneeId", "customerId", coalesce(to_char("paidAt" AT TIME ZONE 'UTC', 'YYYY-MM'), ''), count(*), sum(total)
FROM orders GROUP BY 1, 2, 3, 4;
