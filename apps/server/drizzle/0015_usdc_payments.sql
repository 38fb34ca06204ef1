CREATE TYPE "public"."payment_currency" AS ENUM('SOL', 'USDC');--> statement-breakpoint
ALTER TABLE "payment_amount_holds" ADD COLUMN "currency" "payment_currency" DEFAULT 'SOL' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_amount_holds" DROP CONSTRAINT "payment_amount_holds_pkey";--> statement-breakpoint
ALTER TABLE "payment_amount_holds" ADD CONSTRAINT "payment_amount_holds_pkey" PRIMARY KEY("currency","lamports");--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "currency" "payment_currency";--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "token_mint" text;--> statement-breakpoint
UPDATE "chain_transfers" SET "currency" = 'SOL';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" "payment_currency";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "token_mint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "token_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_token_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "currency" = 'SOL', "token_amount" = "lamports", "received_token_amount" = "received_lamports" WHERE "method" = 'crypto';--> statement-breakpoint
ALTER TABLE "rate_history" ADD COLUMN "currency" "payment_currency" DEFAULT 'SOL' NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_claims" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "rate_history_currency_fetched_idx" ON "rate_history" USING btree ("currency","fetched_at");
