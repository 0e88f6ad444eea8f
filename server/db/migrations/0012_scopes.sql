CREATE TABLE "stock_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scope_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_buy_ephedrine" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "scope_id" integer;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_days" integer;--> statement-breakpoint
CREATE INDEX "stock_log_goods_idx" ON "stock_log" USING btree ("goods_id","created_at");--> statement-breakpoint
-- Installations seeded before 冷藏药品 was a scope class get it (an empty table is filled by the seed).
INSERT INTO "business_scopes" ("name", "sort") SELECT '冷藏药品', 12 WHERE EXISTS (SELECT 1 FROM "business_scopes") AND NOT EXISTS (SELECT 1 FROM "business_scopes" WHERE "name" = '冷藏药品');--> statement-breakpoint
-- Each goods' scope class from what it is (the console sets it from now on).
UPDATE "goods" SET "scope_id" = (SELECT "id" FROM "business_scopes" WHERE "name" = CASE
  WHEN "goods"."cfl" = '中药饮片' THEN '中药饮片'
  WHEN "goods"."ccfs" = '冷藏' THEN '冷藏药品'
  WHEN "goods"."cfl" = '保健食品' THEN '保健食品'
  WHEN "c"."name" = '消毒用品' THEN '消毒用品'
  WHEN "goods"."is_qx" OR "goods"."cfl" = '器械' THEN '医疗器械'
  WHEN "c"."name" IN ('青霉素类', '头孢类', '大环内酯类', '喹诺酮类', '抗厌氧菌') THEN '抗生素制剂'
  WHEN "goods"."is_zy" THEN '中成药'
  ELSE '化学药制剂' END ORDER BY "sort" LIMIT 1)
FROM (SELECT "id", "name" FROM "categories") AS "c" WHERE "c"."id" = "goods"."category_id";--> statement-breakpoint
-- Buyers approved before scopes were reviewed keep buying what they bought: every scope class.
UPDATE "users" SET "scope_ids" = (SELECT coalesce(jsonb_agg("id" ORDER BY "sort"), '[]'::jsonb) FROM "business_scopes"), "reviewed_at" = "created_at" WHERE "is_passed" = 1;
