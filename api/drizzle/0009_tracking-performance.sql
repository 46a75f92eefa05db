ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_order_line_id_order_lines_id_fk";
--> statement-breakpoint
DROP INDEX "tracking_events_order_line_id_idx";--> statement-breakpoint
ALTER TABLE "tracking_events" DROP COLUMN "order_line_id";