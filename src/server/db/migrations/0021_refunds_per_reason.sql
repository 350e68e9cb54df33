ALTER TABLE "refunds" DROP CONSTRAINT "refunds_ticket_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_ticket_reason" ON "refunds" USING btree ("ticket_id","reason");