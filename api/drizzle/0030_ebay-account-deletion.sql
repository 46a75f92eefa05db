ALTER TABLE "ebay_accounts" ADD COLUMN "ebay_user_id" text;--> statement-breakpoint
ALTER TABLE "ebay_accounts" ADD COLUMN "ebay_username" text;--> statement-breakpoint
CREATE INDEX "ebay_accounts_ebay_user_id_idx" ON "ebay_accounts" USING btree ("ebay_user_id");