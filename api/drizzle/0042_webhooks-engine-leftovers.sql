DROP INDEX "ebay_fulfilments_due_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_pending_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_shipment_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "claimed_until";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "attempt_count";