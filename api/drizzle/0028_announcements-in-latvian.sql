-- Announcements are written in English and Latvian (issue 14 item 8). An announcement written
-- before had one text: it stays as both languages' until someone writes the other.
ALTER TABLE "announcements" ADD COLUMN "caption_lv" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "description_lv" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "content_lv" text;--> statement-breakpoint
UPDATE "announcements" SET "caption_lv" = "caption", "description_lv" = "description", "content_lv" = "content";--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "caption_lv" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "description_lv" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "content_lv" SET NOT NULL;
