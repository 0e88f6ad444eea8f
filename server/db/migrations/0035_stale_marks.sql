CREATE TABLE "stale_marks" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"area" varchar(20) DEFAULT '' NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stale_marks_one_row" CHECK ("stale_marks"."id" = 1)
);
--> statement-breakpoint
insert into "stale_marks" ("id") values (1);
