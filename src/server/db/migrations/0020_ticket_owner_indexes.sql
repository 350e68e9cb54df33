CREATE INDEX "tickets_user_created" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_email_created" ON "tickets" USING btree ("email","created_at");