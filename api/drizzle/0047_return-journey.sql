ALTER TABLE "order_lines" ADD COLUMN "return_status" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "return_status_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "drop_off_place" jsonb;