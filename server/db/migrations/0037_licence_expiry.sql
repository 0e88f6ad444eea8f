CREATE TABLE "licence_reminders" (
	"licence_id" integer NOT NULL,
	"valid_until" varchar(10) NOT NULL,
	"days" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_reminders_licence_id_valid_until_days_pk" PRIMARY KEY("licence_id","valid_until","days")
);
--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "approved_until" varchar(10);--> statement-breakpoint
ALTER TABLE "licence_reminders" ADD CONSTRAINT "licence_reminders_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;