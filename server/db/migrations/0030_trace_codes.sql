CREATE TABLE "trace_codes" (
	"code" varchar(20) PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trace_codes_code_ck" CHECK ("trace_codes"."code" ~ '^[0-9]{20}$')
);
--> statement-breakpoint
CREATE TABLE "trace_goods" (
	"goods_id" integer PRIMARY KEY NOT NULL,
	"prefix" varchar(7) DEFAULT '' NOT NULL,
	"without_codes" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trace_goods_prefix_ck" CHECK ("trace_goods"."prefix" = '' or "trace_goods"."prefix" ~ '^[0-9]{7}$')
);
--> statement-breakpoint
ALTER TABLE "trace_codes" ADD CONSTRAINT "trace_codes_batch_id_goods_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."goods_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_goods" ADD CONSTRAINT "trace_goods_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trace_codes_order_idx" ON "trace_codes" USING btree ("order_id","order_item_id");--> statement-breakpoint
CREATE INDEX "trace_codes_batch_idx" ON "trace_codes" USING btree ("batch_id");