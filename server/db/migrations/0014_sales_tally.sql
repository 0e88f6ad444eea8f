CREATE TABLE "sales_tally" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
-- Room on each page for a changed row, so that taking stock (no indexed column) is a heap-only update.
ALTER TABLE "goods" SET (fillfactor = 90);
