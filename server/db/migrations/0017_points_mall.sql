CREATE TABLE "points_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"picture" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"cash" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"per_user" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"red_packet" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" varchar(60) NOT NULL,
	"goods_picture" varchar(500) DEFAULT '' NOT NULL,
	"kind" varchar(16) NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	"cash" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"credited" varchar(120) DEFAULT '' NOT NULL,
	"consignee" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"carrier" varchar(32) DEFAULT '' NOT NULL,
	"tracking_no" varchar(40) DEFAULT '' NOT NULL,
	"request_key" varchar(64),
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_orders" ADD CONSTRAINT "points_orders_goods_id_points_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."points_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_goods_shelf_idx" ON "points_goods" USING btree ("is_show","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_orders_no_uq" ON "points_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "points_orders_key_uq" ON "points_orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "points_orders_user_idx" ON "points_orders" USING btree ("user_id","goods_id");--> statement-breakpoint
CREATE INDEX "points_orders_status_idx" ON "points_orders" USING btree ("status","id");