-- Bronze: every CSV file that lands in orders/ (under an ingest root), read once, as it is.
CREATE OR REFRESH STREAMING TABLE orders_bronze
COMMENT 'raw orders as they landed'
AS SELECT *, _metadata.file_name AS source_file
FROM STREAM read_files('orders/', format => 'csv', header => true,
  schemaHints => 'order_id BIGINT, amount DECIMAL(10,2), ordered_at TIMESTAMP');
