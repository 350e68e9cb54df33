ALTER TABLE "tickets" ADD COLUMN "link_origin" text;--> statement-breakpoint
ALTER TABLE "transport_partners" ADD COLUMN "lead_minutes" integer;