ALTER TABLE "drivers" ADD COLUMN "licence_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "partner_cars" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "partner_cars" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "partner_cars" ADD COLUMN "photo_url" text DEFAULT '' NOT NULL;