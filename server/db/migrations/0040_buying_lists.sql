CREATE TABLE "goods_list_items" (
	"list_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_list_items_list_id_goods_id_pk" PRIMARY KEY("list_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "goods_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_list_choices" (
	"user_id" integer NOT NULL,
	"line_key" varchar(200) NOT NULL,
	"goods_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_list_choices_user_id_line_key_pk" PRIMARY KEY("user_id","line_key")
);
--> statement-breakpoint
CREATE TABLE "purchase_list_columns" (
	"user_id" integer NOT NULL,
	"header" varchar(40) NOT NULL,
	"field" varchar(12) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_list_columns_user_id_header_pk" PRIMARY KEY("user_id","header")
);
--> statement-breakpoint
CREATE TABLE "goods_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"target_price" integer,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"told_at" timestamp with time zone,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "tm" varchar(20) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_list_items" ADD CONSTRAINT "goods_list_items_list_id_goods_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."goods_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_list_items" ADD CONSTRAINT "goods_list_items_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_lists" ADD CONSTRAINT "goods_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_choices" ADD CONSTRAINT "purchase_list_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_choices" ADD CONSTRAINT "purchase_list_choices_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_columns" ADD CONSTRAINT "purchase_list_columns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_notices" ADD CONSTRAINT "goods_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_notices" ADD CONSTRAINT "goods_notices_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_list_items_goods_idx" ON "goods_list_items" USING btree ("goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_lists_user_name_uq" ON "goods_lists" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_notices_live_uq" ON "goods_notices" USING btree ("user_id","goods_id","kind") WHERE "goods_notices"."status" = 0;--> statement-breakpoint
CREATE INDEX "goods_notices_waiting_idx" ON "goods_notices" USING btree ("goods_id","kind") WHERE "goods_notices"."status" = 0;--> statement-breakpoint
CREATE INDEX "goods_notices_user_idx" ON "goods_notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "goods_pzwh_idx" ON "goods" USING btree ("pzwh");--> statement-breakpoint
CREATE INDEX "goods_tm_idx" ON "goods" USING btree ("tm");