CREATE TABLE "login_failures" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_key" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_uq" ON "orders" USING btree ("user_id","checkout_key","is_ephedrine") WHERE checkout_key is not null;