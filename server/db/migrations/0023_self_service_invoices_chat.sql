CREATE TABLE "buy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"sccj" varchar(60) DEFAULT '' NOT NULL,
	"spec" varchar(60) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit" varchar(8) DEFAULT '' NOT NULL,
	"expected_price" integer,
	"contact" varchar(20) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply" varchar(500) DEFAULT '' NOT NULL,
	"goods_id" integer,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" varchar(40) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply" varchar(500) DEFAULT '' NOT NULL,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company" varchar(60) NOT NULL,
	"tax_no" varchar(20) NOT NULL,
	"address_phone" varchar(120) DEFAULT '' NOT NULL,
	"bank_account" varchar(120) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"kind" varchar(8) DEFAULT 'blue' NOT NULL,
	"reverses" integer,
	"invoice_no" varchar(24),
	"status" smallint DEFAULT 0 NOT NULL,
	"title_id" integer,
	"title" jsonb,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"text" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" varchar(8) NOT NULL,
	"sender_id" integer,
	"kind" varchar(8) DEFAULT 'text' NOT NULL,
	"body" text NOT NULL,
	"card" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"operator_id" integer,
	"last_message_id" integer,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"operator_unread" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buy_requests" ADD CONSTRAINT "buy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buy_requests_user_idx" ON "buy_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "buy_requests_status_idx" ON "buy_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "feedbacks_status_idx" ON "feedbacks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invoice_titles_user_idx" ON "invoice_titles" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_no_uq" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_active_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'blue' and "invoices"."status" <> 2;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_red_uq" ON "invoices" USING btree ("reverses");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_user_uq" ON "chat_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_updated_idx" ON "chat_conversations" USING btree ("updated_at");