-- The back office's product search (issue 35): by any name through the folded names' trigram
-- index of migration 0011, and by SKU through this one, so that searching 10,000 products costs
-- what it finds instead of reading every row's three columns.
CREATE INDEX products_sku_trgm ON products USING gin (lower(sku) gin_trgm_ops);
