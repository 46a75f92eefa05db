CREATE TABLE "post_days_off" (
	"date" date PRIMARY KEY NOT NULL,
	"reason_en" text NOT NULL,
	"reason_lv" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "refund_decision" text DEFAULT 'undecided' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_days_off" ADD CONSTRAINT "post_days_off_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;