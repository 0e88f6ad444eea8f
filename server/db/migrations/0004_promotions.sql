CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"daily_start" smallint,
	"daily_end" smallint,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"price" integer,
	"limit_per_user" integer DEFAULT 0 NOT NULL,
	"quota" integer DEFAULT 0 NOT NULL,
	"weekday" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "banner" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_goods" ADD CONSTRAINT "activity_goods_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_type_idx" ON "activities" USING btree ("type","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_goods_uq" ON "activity_goods" USING btree ("activity_id","goods_id","weekday");--> statement-breakpoint
CREATE INDEX "activity_goods_goods_idx" ON "activity_goods" USING btree ("goods_id");