CREATE TABLE "goods_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"scrq" date NOT NULL,
	"xq" date NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"report" varchar(255),
	"supplier" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_batches_units_ck" CHECK ("goods_batches"."held" >= 0 and "goods_batches"."held" <= "goods_batches"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_item_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"units" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_item_batches_units_ck" CHECK ("order_item_batches"."units" > 0 and "order_item_batches"."returned" >= 0 and "order_item_batches"."returned" <= "order_item_batches"."units")
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "min_shelf_days" integer DEFAULT 183 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_log" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "goods_batches" ADD CONSTRAINT "goods_batches_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_batches" ADD CONSTRAINT "order_item_batches_batch_id_goods_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."goods_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_batches_no_uq" ON "goods_batches" USING btree ("goods_id","batch_no");--> statement-breakpoint
CREATE INDEX "goods_batches_fefo_idx" ON "goods_batches" USING btree ("goods_id","xq","id");--> statement-breakpoint
CREATE INDEX "goods_batches_xq_idx" ON "goods_batches" USING btree ("xq");--> statement-breakpoint
CREATE INDEX "order_item_batches_item_idx" ON "order_item_batches" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_item_batches_batch_idx" ON "order_item_batches" USING btree ("batch_id");--> statement-breakpoint
-- Today's goods near expiry are the near-expiry zone's listings: they keep selling their batch until it expires.
UPDATE "goods" SET "min_shelf_days" = 0 WHERE "xq" <= current_date + 183;--> statement-breakpoint
-- Each goods' stock becomes one released batch numbered by its production date, with its dates and units.
INSERT INTO "goods_batches" ("goods_id", "batch_no", "scrq", "xq", "quantity", "status")
SELECT "id", to_char("scrq", 'YYYYMMDD'), "scrq", "xq", greatest("number", 0), 1 FROM "goods" ORDER BY "id";--> statement-breakpoint
-- An expired batch does not sell: its units stay in the batch, out of the goods' stock.
UPDATE "goods" SET "number" = 0 WHERE "xq" <= current_date AND "number" <> 0;
