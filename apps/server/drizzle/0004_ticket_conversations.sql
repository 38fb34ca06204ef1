ALTER TABLE "ticket_messages" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_read_reply_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_payment_id_key" UNIQUE("payment_id");