-- Read caches on PostgreSQL (decision 0023): every write to a table behind a cache notifies the
-- listening shop processes when its transaction commits (never when it rolls back), with the
-- table's name, so that they drop what they read from it. Statement triggers: one notification
-- per statement (and PostgreSQL folds repeats within a transaction), also for TRUNCATE, for
-- writes from psql and for rows a foreign key's cascade changes.
CREATE FUNCTION shop_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER cities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER districts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON districts FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER carts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carts FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cart_items FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed();
