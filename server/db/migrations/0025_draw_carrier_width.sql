ALTER TABLE "lottery_draws" ALTER COLUMN "carrier" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "lottery_draws" ALTER COLUMN "carrier" SET DEFAULT '';