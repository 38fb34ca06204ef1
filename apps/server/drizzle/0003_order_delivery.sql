CREATE TYPE "public"."delivery_code_status" AS ENUM('available', 'reserved', 'delivered');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'processing';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "delivery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"sealed" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" "delivery_code_status" DEFAULT 'available' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "delivery_codes_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" "product_delivery" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "delivery_codes" ADD CONSTRAINT "delivery_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_codes" ADD CONSTRAINT "delivery_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_codes_product_fingerprint_key" ON "delivery_codes" USING btree ("product_id","fingerprint");--> statement-breakpoint
CREATE INDEX "delivery_codes_product_status_idx" ON "delivery_codes" USING btree ("product_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_status_time_idx" ON "orders" USING btree ("status","order_time");--> statement-breakpoint
-- Orders bought before delivery existed take their product's kind; a completed one counts as
-- delivered when it was paid.
UPDATE "orders" SET "delivery" = "products"."delivery" FROM "products" WHERE "products"."id" = "orders"."product_id";--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = "order_time" WHERE "status" = 'completed';
