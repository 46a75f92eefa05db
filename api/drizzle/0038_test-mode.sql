ALTER TABLE "api_keys" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_mode_check" CHECK ("api_keys"."mode" in ('live', 'test'));--> statement-breakpoint
-- A line takes its order's test_mode as it takes its status (0036): no code path can forget it.
CREATE OR REPLACE FUNCTION order_lines_take_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT placed.status, placed.test_mode INTO NEW.order_status, NEW.test_mode FROM orders placed WHERE placed.id = NEW.order_id;
  RETURN NEW;
END
$$;
