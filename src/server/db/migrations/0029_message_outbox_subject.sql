ALTER TABLE "message_outbox" ALTER COLUMN "ticket_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "message_outbox_subject" ON "message_outbox" USING btree ("subject") WHERE "message_outbox"."subject" is not null;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_about" CHECK ("message_outbox"."ticket_id" is not null or "message_outbox"."subject" is not null);