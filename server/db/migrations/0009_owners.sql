CREATE TABLE "promo_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_bills" ADD COLUMN "order_no" varchar(24) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "order_no" varchar(24) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "promo_sales_offer_idx" ON "promo_sales" USING btree ("activity_id","goods_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_sales_order_idx" ON "promo_sales" USING btree ("order_id");--> statement-breakpoint
INSERT INTO "promo_sales" ("activity_id", "goods_id", "user_id", "order_id", "number", "created_at")
SELECT oi.activity_id, oi.goods_id, o.user_id, o.id, oi.promo_number, o.created_at
FROM "order_items" oi JOIN "orders" o ON o.id = oi.order_id
WHERE oi.promo_number > 0 AND oi.activity_id IS NOT NULL AND o.status <> 4;--> statement-breakpoint
UPDATE "user_coupons" uc SET "order_no" = o.order_no FROM "orders" o WHERE o.id = uc.order_id;--> statement-breakpoint
UPDATE "credit_bills" b SET "order_no" = o.order_no FROM "orders" o WHERE o.id = b.order_id;
