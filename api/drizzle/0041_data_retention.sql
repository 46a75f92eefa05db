CREATE TABLE "admin_audit_archive" (
	"id" integer PRIMARY KEY NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"archived_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_archive" ADD CONSTRAINT "admin_audit_archive_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_archive_at_idx" ON "admin_audit_archive" USING btree ("at");--> statement-breakpoint
CREATE INDEX "admin_audit_archive_entity_idx" ON "admin_audit_archive" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");