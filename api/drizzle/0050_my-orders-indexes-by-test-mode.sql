DROP INDEX "order_lines_account_created_at_idx";--> statement-breakpoint
DROP INDEX "order_lines_account_status_created_at_idx";--> statement-breakpoint
DROP INDEX "order_lines_account_country_created_at_idx";--> statement-breakpoint
DROP INDEX "order_lines_account_order_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "order_lines_account_created_at_idx" ON "order_lines" USING btree ("account_id","test_mode","created_at","id");--> statement-breakpoint
CREATE INDEX "order_lines_account_status_created_at_idx" ON "order_lines" USING btree ("account_id","test_mode","status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_lines_account_country_created_at_idx" ON "order_lines" USING btree ("account_id","test_mode","country_code","created_at","id");--> statement-breakpoint
CREATE INDEX "order_lines_account_order_status_created_at_idx" ON "order_lines" USING btree ("account_id","test_mode","order_status","created_at","id");