CREATE INDEX "goods_name_sales_idx" ON "goods" USING btree ("name","sales" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_sccj_sales_idx" ON "goods" USING btree ("sccj","sales" DESC NULLS LAST);--> statement-breakpoint
CREATE MATERIALIZED VIEW "public"."goods_terms" AS (select 1::smallint as kind, name as term, name_py as py, name_szm as szm, count(*)::int as goods_count, sum(sales)::int as sales
      from goods where is_on_sale group by name, name_py, name_szm
      union all
      select 2::smallint, sccj, sccj_py, sccj_szm, count(*)::int, sum(sales)::int
      from goods where is_on_sale group by sccj, sccj_py, sccj_szm);