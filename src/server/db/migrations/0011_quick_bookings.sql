ALTER TABLE "pending_bookings" ADD COLUMN "kind" text DEFAULT 'billing' NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_bookings" ADD COLUMN "depart_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_bookings" ADD COLUMN "taken_by_partner_id" integer;--> statement-breakpoint
ALTER TABLE "pending_bookings" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_bookings" ADD CONSTRAINT "pending_bookings_taken_by_partner_id_transport_partners_id_fk" FOREIGN KEY ("taken_by_partner_id") REFERENCES "public"."transport_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_bookings_kind_depart" ON "pending_bookings" USING btree ("kind","depart_at");--> statement-breakpoint
ALTER TABLE "pending_bookings" ADD CONSTRAINT "pending_bookings_kind" CHECK ("pending_bookings"."kind" in ('billing', 'quick'));