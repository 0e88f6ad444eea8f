ALTER TABLE "points_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_orders" ADD COLUMN "cancel_reason" varchar(100) DEFAULT '' NOT NULL;