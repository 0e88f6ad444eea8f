CREATE TABLE "activity_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"title" varchar(60) NOT NULL,
	"theme" varchar(7) DEFAULT '#e4393c' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"blocks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_pages_kind_idx" ON "activity_pages" USING btree ("kind","ends_at");