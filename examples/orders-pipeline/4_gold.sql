-- Gold: revenue per customer and region, kept up to date by each run; after runs that only appended orders,
-- a refresh merges the new orders into their groups instead of recomputing (its event log says GROUP_AGGREGATE).
CREATE OR REFRESH MATERIALIZED VIEW revenue_by_customer
COMMENT 'orders and revenue per customer and region'
AS SELECT customer, region, count(*) AS orders, sum(amount) AS revenue
FROM orders_silver
GROUP BY customer, region;
