ALTER TABLE "goods" ADD COLUMN "tym" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "spm" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "gnzz" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "goods" SET "gnzz" = left(rtrim(substring("instructions" from '【功能主治/适应症】([^\n]*)'), '。'), 500) WHERE "instructions" ~ '【功能主治/适应症】[^\n]';
