-- Issue 40: which places a product may use is data. A place says when parcels are only collected
-- there ("tikai izņemšana"); a product names the operators it hands over and delivers at.
ALTER TABLE "service_locations" ADD COLUMN "pick_up_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "work_flows" ADD COLUMN "transfer_networks" text[] DEFAULT '{"Latvijas Pasts"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_flows" ADD COLUMN "receiving_networks" text[] DEFAULT '{"Latvijas Pasts"}' NOT NULL;--> statement-breakpoint
-- The places already loaded: the name says it (classify.ts does the same on every import).
UPDATE "service_locations" SET "pick_up_only" = true WHERE ' ' || "search_text" || ' ' LIKE '% tikai iznemsana %';--> statement-breakpoint
-- The seeded Baltic products already installed collect at the partner network (seed-data.ts PARTNER_NETWORKS).
UPDATE "work_flows" SET "receiving_networks" = '{"LP Express (Unisend)","Unisend"}' WHERE "seed_key" LIKE 'parcel-lt-%';--> statement-breakpoint
UPDATE "work_flows" SET "receiving_networks" = '{"Unisend"}' WHERE "seed_key" LIKE 'parcel-ee-%';
