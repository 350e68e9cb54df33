CREATE TABLE "sandbox_charges" (
	"txn_no" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"txn_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_events_result_received" ON "payment_events" USING btree ("result","received_at");