-- Silver: orders with an id; amounts that are not positive are kept but counted in the event log.
CREATE OR REFRESH STREAMING TABLE orders_silver (
  CONSTRAINT valid_id EXPECT (order_id IS NOT NULL) ON VIOLATION DROP ROW,
  CONSTRAINT positive_amount EXPECT (amount > 0)
)
COMMENT 'orders checked for quality'
AS SELECT order_id, lower(customer) AS customer, upper(region) AS region, amount, ordered_at
FROM STREAM(orders_bronze);
