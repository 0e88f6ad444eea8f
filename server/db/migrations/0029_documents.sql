CREATE TABLE "goods_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"number" varchar(60) DEFAULT '' NOT NULL,
	"valid_until" date,
	"files" jsonb NOT NULL,
	"updated_by" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_documents" (
	"kind" varchar(32) PRIMARY KEY NOT NULL,
	"number" varchar(60) DEFAULT '' NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"files" jsonb NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"updated_by" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_documents" ADD CONSTRAINT "goods_documents_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_documents_goods_kind_idx" ON "goods_documents" USING btree ("goods_id","kind");--> statement-breakpoint
CREATE INDEX "goods_documents_updated_idx" ON "goods_documents" USING btree ("updated_at");