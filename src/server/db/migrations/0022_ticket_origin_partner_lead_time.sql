ALTER TABLE "transport_partners" ADD COLUMN "lead_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "link_origin" text;