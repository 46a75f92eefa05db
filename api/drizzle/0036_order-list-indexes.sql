-- My orders (issue 18): the name search through trigrams within the account, and the order-status
-- filter on the lines themselves. btree_gin (a trusted extension, like pg_trgm in 0018) lets a GIN
-- index start with the account; PGlite loads it in src/db/database.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "order_lines_account_receiver_name_idx";--> statement-breakpoint
DROP INDEX "order_lines_account_status_created_at_idx";--> statement-breakpoint
DROP INDEX "order_lines_account_country_created_at_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "order_status" text DEFAULT 'unfinished' NOT NULL;--> statement-breakpoint
UPDATE "order_lines" AS line SET "order_status" = placed."status"
  FROM "orders" AS placed WHERE placed."id" = line."order_id" AND placed."status" <> 'unfinished';--> statement-breakpoint
CREATE INDEX "order_lines_account_order_status_created_at_idx" ON "order_lines" USING btree ("account_id","order_status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_lines_account_receiver_name_trgm_idx" ON "order_lines" USING gin ("account_id",lower("receiver_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "order_lines_account_status_created_at_idx" ON "order_lines" USING btree ("account_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_lines_account_country_created_at_idx" ON "order_lines" USING btree ("account_id","country_code","created_at","id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_status_check" CHECK (order_status in ('unfinished', 'paid', 'cancelled'));--> statement-breakpoint
-- A line's order_status is its order's, kept here so that no code path can forget it: a new line
-- takes its order's status, and a change of an order's status is written onto its lines in the
-- same transaction.
CREATE FUNCTION order_lines_take_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT placed.status INTO NEW.order_status FROM orders placed WHERE placed.id = NEW.order_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_lines_order_status_on_insert BEFORE INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_lines_take_order_status();--> statement-breakpoint
CREATE FUNCTION orders_pass_status_to_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_lines SET order_status = NEW.status WHERE order_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_status_to_lines AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_pass_status_to_lines();
