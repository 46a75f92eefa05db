CREATE TABLE "handovers" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "handovers_redeemed_check" CHECK (("handovers"."redeemed_at" is null) = ("handovers"."redeemed_by" is null))
);
--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_order_id_idx" ON "handovers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "handovers_unmailed_idx" ON "handovers" USING btree ("created_at") WHERE "handovers"."mailed_at" is null;--> statement-breakpoint
-- Orders paid before hand-over codes existed get theirs now (valid 30 days, the default of
-- HANDOVER_VALID_DAYS; not e-mailed: mailed_at is set), so that reading a code never writes. The
-- id: 16 random bytes in base64url without padding (22 characters), as the API makes them.
INSERT INTO "handovers" ("id", "order_id", "created_at", "expires_at", "mailed_at")
SELECT rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '='),
       "id", now(), now() + interval '30 days', now()
FROM "orders" WHERE "status" = 'paid' AND "archived_at" IS NULL;
