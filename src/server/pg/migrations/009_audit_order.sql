-- A product's stock update made by an order's transition names that order.
ALTER TABLE audit_events ADD COLUMN "orderId" bigint;
