-- admin_roles replaces the back-office flag (0019 copied it over); "has any role" is what is_admin meant.
ALTER TABLE "users" DROP COLUMN "is_admin";