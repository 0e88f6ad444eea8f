CREATE TABLE "cash_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(60) NOT NULL,
	"amount" integer NOT NULL,
	"user_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_repays" (
	"id" serial PRIMARY KEY NOT NULL,
	"repay_no" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"bill_ids" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"method" varchar(16) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"recharge_no" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_coupons" ADD CONSTRAINT "cash_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_coupons" ADD CONSTRAINT "cash_coupons_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_repays" ADD CONSTRAINT "credit_repays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_coupons_code_uq" ON "cash_coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cash_coupons_user_idx" ON "cash_coupons" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cash_coupons_used_by_idx" ON "cash_coupons" USING btree ("used_by");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_repays_no_uq" ON "credit_repays" USING btree ("repay_no");--> statement-breakpoint
CREATE INDEX "credit_repays_user_idx" ON "credit_repays" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_no_uq" ON "recharges" USING btree ("recharge_no");--> statement-breakpoint
CREATE INDEX "recharges_user_idx" ON "recharges" USING btree ("user_id","created_at");