CREATE TABLE "service_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" char(2) NOT NULL,
	"type" text NOT NULL,
	"operator" text NOT NULL,
	"own_network" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"post_code" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"opening_hours" text,
	"source" text DEFAULT '' NOT NULL,
	"search_text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "service_locations_country_code_type_idx" ON "service_locations" USING btree ("country_code","type");--> statement-breakpoint
CREATE INDEX "service_locations_operator_idx" ON "service_locations" USING btree ("operator");--> statement-breakpoint
CREATE INDEX "service_locations_latitude_longitude_idx" ON "service_locations" USING btree ("latitude","longitude");