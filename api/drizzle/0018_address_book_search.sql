-- Trigram indexes (the contact search's LIKE '%word%') need pg_trgm: a trusted extension, so the
-- database's owner may create it; PGlite loads it in src/db/database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "address_book_contact_counts" (
	"account_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"contacts" integer NOT NULL,
	CONSTRAINT "address_book_contact_counts_account_id_country_code_pk" PRIMARY KEY("account_id","country_code")
);
--> statement-breakpoint
DROP INDEX "address_book_contacts_account_name_idx";--> statement-breakpoint
CREATE INDEX "address_book_contacts_account_lower_name_idx" ON "address_book_contacts" USING btree ("account_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "address_book_contacts_account_country_idx" ON "address_book_contacts" USING btree ("account_id","country_code",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "address_book_contacts_search_trgm_idx" ON "address_book_contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The books' contact counts per country (address_book_contact_counts), kept by one statement trigger
-- per write: an import of 10,000 rows adjusts each (account, country) once. Both directions are an
-- upsert in key order, so concurrent writers lock the counters in the same order (no deadlock); a
-- counter that reaches 0 goes (an account's book deleted with the account leaves nothing behind).
CREATE FUNCTION address_book_count_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO address_book_contact_counts AS counted (account_id, country_code, contacts)
      SELECT account_id, country_code, -count(*)::int FROM old_rows
      GROUP BY account_id, country_code ORDER BY account_id, country_code
      ON CONFLICT (account_id, country_code) DO UPDATE SET contacts = counted.contacts + excluded.contacts;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO address_book_contact_counts AS counted (account_id, country_code, contacts)
      SELECT account_id, country_code, count(*)::int FROM new_rows
      GROUP BY account_id, country_code ORDER BY account_id, country_code
      ON CONFLICT (account_id, country_code) DO UPDATE SET contacts = counted.contacts + excluded.contacts;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM address_book_contact_counts counted
      USING (SELECT DISTINCT account_id, country_code FROM old_rows) gone
      WHERE counted.account_id = gone.account_id AND counted.country_code = gone.country_code
        AND counted.contacts <= 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER address_book_contacts_counted_insert AFTER INSERT ON address_book_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION address_book_count_contacts();--> statement-breakpoint
CREATE TRIGGER address_book_contacts_counted_update AFTER UPDATE ON address_book_contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION address_book_count_contacts();--> statement-breakpoint
CREATE TRIGGER address_book_contacts_counted_delete AFTER DELETE ON address_book_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION address_book_count_contacts();--> statement-breakpoint
INSERT INTO address_book_contact_counts (account_id, country_code, contacts)
  SELECT account_id, country_code, count(*)::int FROM address_book_contacts GROUP BY account_id, country_code;
