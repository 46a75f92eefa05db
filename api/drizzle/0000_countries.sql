CREATE TABLE "countries" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_lv" text NOT NULL,
	"alias_names" text[] DEFAULT '{}' NOT NULL,
	"phone_prefix" text,
	"active" boolean DEFAULT true NOT NULL,
	"type" integer
);
--> statement-breakpoint
CREATE TABLE "country_groups" (
	"country_code" char(2) NOT NULL,
	"group_name" text NOT NULL,
	CONSTRAINT "country_groups_country_code_group_name_pk" PRIMARY KEY("country_code","group_name")
);
--> statement-breakpoint
ALTER TABLE "country_groups" ADD CONSTRAINT "country_groups_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "country_groups_group_name_country_code_idx" ON "country_groups" USING btree ("group_name","country_code");