DROP INDEX "ebay_sales_order_id_idx";--> statement-breakpoint
ALTER TABLE "ebay_sales" ADD COLUMN "order_line" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ebay_sales_order_line_idx" ON "ebay_sales" USING btree ("order_id","order_line");--> statement-breakpoint
ALTER TABLE "ebay_sales" ADD CONSTRAINT "ebay_sales_order_line_check" CHECK ("ebay_sales"."order_line" >= 0);