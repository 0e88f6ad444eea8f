ALTER TABLE "goods_batches" ADD COLUMN "near_reported_on" date;--> statement-breakpoint
ALTER TABLE "credit_bills" ADD COLUMN "overdue_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "goods_batches_near_report_idx" ON "goods_batches" USING btree ("near_reported_on") WHERE near_reported_on is not null;--> statement-breakpoint
CREATE INDEX "credit_bills_unmarked_due_idx" ON "credit_bills" USING btree ("due_date") WHERE status = 0 and overdue_at is null;--> statement-breakpoint
CREATE INDEX "user_coupons_unused_end_idx" ON "user_coupons" USING btree ("ends_at") WHERE status = 0;