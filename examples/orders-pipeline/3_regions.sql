-- One table fed by two flows, one per region, each with its own checkpoint.
CREATE OR REFRESH STREAMING TABLE orders_by_region COMMENT 'EU and US orders';

CREATE FLOW orders_eu AS INSERT INTO orders_by_region BY NAME
SELECT order_id, region, amount FROM STREAM(orders_silver) WHERE region = 'EU';

CREATE FLOW orders_us AS INSERT INTO orders_by_region BY NAME
SELECT order_id, region, amount FROM STREAM(orders_silver) WHERE region = 'US';
