ALTER TABLE "cms_blocks" ADD COLUMN "kind" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_blocks" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_blocks" ADD COLUMN "link_path" text;--> statement-breakpoint
ALTER TABLE "cms_blocks" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_blocks" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cms_blocks_kind_published_at_idx" ON "cms_blocks" USING btree ("kind","published_at");--> statement-breakpoint
-- The home page's news become CMS blocks of kind `news` (issue 14 item 8): every row moves, keyed
-- `news-<slug>`, as the seed wrote it (seed version 1), before the old table goes.
INSERT INTO "cms_blocks" ("key", "title_en", "title_lv", "body_en", "body_lv", "kind", "active", "link_path", "published_at", "expires_at", "seed_version", "updated_at")
SELECT 'news-' || "slug", "title_en", "title_lv", "text_en", "text_lv", 'news', true, "link_path", "published_at", "expires_at", 1, "published_at"
FROM "news"
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
DROP TABLE "news" CASCADE;
