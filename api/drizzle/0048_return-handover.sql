ALTER TABLE "handovers" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "handovers" ADD COLUMN "return_barcode" text;--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_return_barcode_idx" ON "handovers" USING btree ("return_barcode");--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_owner_check" CHECK (("handovers"."order_id" is null) <> ("handovers"."return_barcode" is null));