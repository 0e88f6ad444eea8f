CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"number" integer NOT NULL,
	"is_selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"number" varchar(60) DEFAULT '' NOT NULL,
	"valid_until" varchar(10),
	"image" varchar(1000) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"path" varchar(255) NOT NULL,
	"title" varchar(120) DEFAULT '' NOT NULL,
	"referrer" varchar(255) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"ticket" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"acting_for" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code" varchar(8) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"path" varchar(255) NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
	"mime" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"email" varchar(64) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"name" varchar(32) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"company" varchar(80) DEFAULT '' NOT NULL,
	"company_type" varchar(16) DEFAULT '单体药店' NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL,
	"city" varchar(20) DEFAULT '' NOT NULL,
	"district" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(120) DEFAULT '' NOT NULL,
	"jyfw" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"face" varchar(255) DEFAULT '' NOT NULL,
	"rank" varchar(8) DEFAULT '普通会员' NOT NULL,
	"is_passed" smallint DEFAULT 0 NOT NULL,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"register_step" smallint DEFAULT 1 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"is_show_youx" boolean DEFAULT true NOT NULL,
	"is_can_chat" boolean DEFAULT false NOT NULL,
	"is_after_sale" boolean DEFAULT true NOT NULL,
	"parent_id" integer,
	"wechat_openid" varchar(64),
	"wechat_nickname" varchar(64) DEFAULT '' NOT NULL,
	"contract_signed_at" timestamp with time zone,
	"sessions_valid_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tickets" (
	"ticket" varchar(64) PRIMARY KEY NOT NULL,
	"openid" varchar(64),
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"scanned_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" varchar(32) NOT NULL,
	"image" varchar(1000) NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"title" varchar(60) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"banner_id" integer,
	"is_show" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(32) NOT NULL,
	"code" varchar(16) DEFAULT '' NOT NULL,
	"kind" varchar(8) DEFAULT 'help' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"code" varchar(16) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"logo" varchar(1000) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_scopes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(32) NOT NULL,
	"logo1" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friendly_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"url" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"ck_id" integer DEFAULT 1 NOT NULL,
	"name" varchar(100) NOT NULL,
	"sccj" varchar(100) NOT NULL,
	"ypgg" varchar(60) NOT NULL,
	"bzdw" varchar(8) NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_price" integer NOT NULL,
	"is_buy" boolean DEFAULT true NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"is_youx" boolean DEFAULT false NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"ladder_price" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ladder_price_type" smallint DEFAULT 0 NOT NULL,
	"is_free_shipping" boolean DEFAULT false NOT NULL,
	"free_shipping_number" integer DEFAULT 0 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zbz" integer DEFAULT 1 NOT NULL,
	"jzl" integer DEFAULT 1 NOT NULL,
	"pzwh" varchar(40) DEFAULT '' NOT NULL,
	"jx" varchar(16) DEFAULT '' NOT NULL,
	"cfl" varchar(8) DEFAULT '' NOT NULL,
	"xq" date NOT NULL,
	"scrq" date NOT NULL,
	"ccfs" varchar(4) DEFAULT '常温' NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer,
	"is_ephedrine" boolean DEFAULT false NOT NULL,
	"is_kx" boolean DEFAULT false NOT NULL,
	"is_zy" boolean DEFAULT false NOT NULL,
	"is_qx" boolean DEFAULT false NOT NULL,
	"is_on_sale" boolean DEFAULT true NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"name_py" varchar(400) DEFAULT '' NOT NULL,
	"name_szm" varchar(100) DEFAULT '' NOT NULL,
	"sccj_py" varchar(400) DEFAULT '' NOT NULL,
	"sccj_szm" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(16) NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"image" varchar(1000) DEFAULT '' NOT NULL,
	"is_open" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_contacts" ADD CONSTRAINT "service_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "licences_user_idx" ON "licences" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","is_read");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_contacts_user_idx" ON "service_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_uq" ON "users" USING btree ("wechat_openid");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "ads_position_idx" ON "ads" USING btree ("position","sort");--> statement-breakpoint
CREATE INDEX "article_categories_parent_idx" ON "article_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "goods_name_trgm" ON "goods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_sccj_trgm" ON "goods" USING gin ("sccj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_name_py_trgm" ON "goods" USING gin ("name_py" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_name_szm_trgm" ON "goods" USING gin ("name_szm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_sccj_py_trgm" ON "goods" USING gin ("sccj_py" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_sccj_szm_trgm" ON "goods" USING gin ("sccj_szm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_pzwh_trgm" ON "goods" USING gin ("pzwh" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_category_idx" ON "goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "goods_brand_idx" ON "goods" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "goods_sales_idx" ON "goods" USING btree ("sales");