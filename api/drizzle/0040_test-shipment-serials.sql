-- Issue 38: test-mode orders (lvp_test_… keys) take S10 serials 90000000–99999999 from a sequence of
-- their own; live shipments keep 00000001–89999999 (START WITH only records the start: no restart).
CREATE SEQUENCE "public"."test_shipment_serial_seq" INCREMENT BY 1 MINVALUE 90000000 MAXVALUE 99999999 START WITH 90000000 CACHE 1;--> statement-breakpoint
ALTER SEQUENCE "public"."shipment_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 89999999 START WITH 1 CACHE 1;
