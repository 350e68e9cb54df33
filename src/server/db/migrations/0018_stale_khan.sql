ALTER TABLE "bank_transfers" ADD COLUMN "named_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "hand_reason" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_named_ticket_id_tickets_id_fk" FOREIGN KEY ("named_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_named_ticket" ON "bank_transfers" USING btree ("named_ticket_id");