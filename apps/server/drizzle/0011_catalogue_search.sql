-- Catalogue search (decision 0056): a product is found by any word or part of a word of any of its
-- names, whatever the case and the accents ("ąžuol", "Azuol" and "ĄŽUOLAS" all find Ąžuolas),
-- through a trigram index, so that a search costs what it finds and not the catalogue's size.
-- pg_trgm and unaccent are trusted extensions: a database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); with the dictionary named it is safe to
-- call IMMUTABLE, which an index and a trigger's column need. Accents go first, then the case:
-- lower() of a letter without accent is right in every locale (PGlite's is C).
CREATE FUNCTION shop_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1))
$$;
--> statement-breakpoint
CREATE FUNCTION products_fill_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := shop_fold(concat_ws(' ', NEW.name, NEW.name_en, NEW.name_lt));
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Only when a name is written: a sale or a restock (stock, reserved) does not pay for it.
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name, name_en, name_lt, search_text ON products FOR EACH ROW EXECUTE FUNCTION products_fill_search_text();
--> statement-breakpoint
UPDATE products SET search_text = '';
--> statement-breakpoint
CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops);
