ALTER TABLE "carts" ADD COLUMN "pending_checkout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Carts whose SOL checkout is still pending when this migration runs (hand-written: the flag
-- must be true wherever such a payment exists, see carts.pending_checkout in src/db/schema.ts).
UPDATE "carts" SET "pending_checkout" = true WHERE "user_id" IN (SELECT "user_id" FROM "payments" WHERE "status" = 'pending' AND "method" = 'crypto' AND "kind" = 'checkout');
