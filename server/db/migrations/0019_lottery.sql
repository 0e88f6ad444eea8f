CREATE TABLE "lotteries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"remarks" varchar(60) DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cost_kind" varchar(8) NOT NULL,
	"cost_points" integer DEFAULT 0 NOT NULL,
	"draws_per_order" integer DEFAULT 0 NOT NULL,
	"daily_limit" integer NOT NULL,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"ads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"lottery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	"prize_kind" varchar(12) NOT NULL,
	"prize_name" varchar(30) NOT NULL,
	"prize_image" varchar(1000) DEFAULT '' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"consignee" varchar(20) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"carrier" varchar(20) DEFAULT '' NOT NULL,
	"tracking_no" varchar(40) DEFAULT '' NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_entrants" (
	"lottery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	"day" varchar(10) DEFAULT '' NOT NULL,
	"day_drawn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lottery_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"name" varchar(30) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"image" varchar(1000) DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entrants" ADD CONSTRAINT "lottery_entrants_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entrants" ADD CONSTRAINT "lottery_entrants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_draws_user_idx" ON "lottery_draws" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "lottery_draws_lottery_idx" ON "lottery_draws" USING btree ("lottery_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_entrants_uq" ON "lottery_entrants" USING btree ("lottery_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_prizes_slot_uq" ON "lottery_prizes" USING btree ("lottery_id","slot");