ALTER TABLE "payments" ADD COLUMN "usd_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "vnd_per_usd" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_order_id" text;