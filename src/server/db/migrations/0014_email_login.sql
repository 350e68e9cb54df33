ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_login_email_unique" UNIQUE("login_email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_login_name" CHECK ("users"."phone" is not null or "users"."login_email" is not null);