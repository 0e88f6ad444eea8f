ALTER TABLE "orders" ADD COLUMN "cashback_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cashback" jsonb DEFAULT '[]'::jsonb NOT NULL;