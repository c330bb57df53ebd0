CREATE TABLE "dealer_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"deal_number" text NOT NULL,
	"date" text NOT NULL,
	"vin" text,
	"year" integer,
	"make" text,
	"model" text,
	"customer_name" text,
	"email" text,
	"phone" text,
	"term" integer,
	"monthly_payment" numeric(14, 2),
	"paid" numeric(14, 2),
	"amount_financed" numeric(14, 2),
	"down_payment" numeric(14, 2),
	"total_down" numeric(14, 2),
	"sales_price" numeric(14, 2),
	"total_back_sales" numeric(14, 2),
	"total_pickup_payments" numeric(14, 2),
	"aftermarket_sale" numeric(14, 2),
	"trade_actual_cash_value" numeric(14, 2),
	"total" numeric(14, 2),
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"end_user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"vin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_integration_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "dealer_integration_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "dealer_repair_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"ro_number" text NOT NULL,
	"date" text NOT NULL,
	"vin" text,
	"mileage" integer,
	"customer_name" text,
	"email" text,
	"phone" text,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"labor_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"parts_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"advisor" text,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_service_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"contract_number" text NOT NULL,
	"product" text NOT NULL,
	"provider" text,
	"vin" text,
	"customer_name" text,
	"email" text,
	"phone" text,
	"start_date" text,
	"end_date" text,
	"end_mileage" integer,
	"price" numeric(14, 2),
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"vin" text NOT NULL,
	"stock_number" text,
	"year" integer,
	"make" text,
	"model" text,
	"trim" text,
	"body_style" text,
	"color" text,
	"mileage" integer,
	"price" numeric(14, 2),
	"availability" text,
	"status" text,
	"transmission" text,
	"fuel" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"description" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_deals" ADD CONSTRAINT "dealer_deals_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD CONSTRAINT "dealer_documents_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD CONSTRAINT "dealer_documents_end_user_id_end_users_id_fk" FOREIGN KEY ("end_user_id") REFERENCES "public"."end_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_documents" ADD CONSTRAINT "dealer_documents_file_id_app_user_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."app_user_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_favorites" ADD CONSTRAINT "dealer_favorites_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_favorites" ADD CONSTRAINT "dealer_favorites_vehicle_id_dealer_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."dealer_vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_integration_keys" ADD CONSTRAINT "dealer_integration_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_integration_keys" ADD CONSTRAINT "dealer_integration_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_repair_orders" ADD CONSTRAINT "dealer_repair_orders_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_service_contracts" ADD CONSTRAINT "dealer_service_contracts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_vehicles" ADD CONSTRAINT "dealer_vehicles_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_deals_app_number_idx" ON "dealer_deals" USING btree ("app_id","deal_number");--> statement-breakpoint
CREATE INDEX "dealer_deals_app_date_idx" ON "dealer_deals" USING btree ("app_id","date","id");--> statement-breakpoint
CREATE INDEX "dealer_deals_app_email_idx" ON "dealer_deals" USING btree ("app_id","email");--> statement-breakpoint
CREATE INDEX "dealer_deals_app_phone_idx" ON "dealer_deals" USING btree ("app_id","phone");--> statement-breakpoint
CREATE INDEX "dealer_deals_app_vin_idx" ON "dealer_deals" USING btree ("app_id","vin");--> statement-breakpoint
CREATE INDEX "dealer_documents_user_idx" ON "dealer_documents" USING btree ("end_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_favorites_owner_idx" ON "dealer_favorites" USING btree ("app_id","owner_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "dealer_integration_keys_app_idx" ON "dealer_integration_keys" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_repair_orders_app_ro_idx" ON "dealer_repair_orders" USING btree ("app_id","ro_number");--> statement-breakpoint
CREATE INDEX "dealer_repair_orders_app_date_idx" ON "dealer_repair_orders" USING btree ("app_id","date","id");--> statement-breakpoint
CREATE INDEX "dealer_repair_orders_app_email_idx" ON "dealer_repair_orders" USING btree ("app_id","email");--> statement-breakpoint
CREATE INDEX "dealer_repair_orders_app_phone_idx" ON "dealer_repair_orders" USING btree ("app_id","phone");--> statement-breakpoint
CREATE INDEX "dealer_repair_orders_app_vin_idx" ON "dealer_repair_orders" USING btree ("app_id","vin");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_service_contracts_app_number_idx" ON "dealer_service_contracts" USING btree ("app_id","contract_number");--> statement-breakpoint
CREATE INDEX "dealer_service_contracts_app_email_idx" ON "dealer_service_contracts" USING btree ("app_id","email");--> statement-breakpoint
CREATE INDEX "dealer_service_contracts_app_phone_idx" ON "dealer_service_contracts" USING btree ("app_id","phone");--> statement-breakpoint
CREATE INDEX "dealer_service_contracts_app_vin_idx" ON "dealer_service_contracts" USING btree ("app_id","vin");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_vehicles_app_vin_idx" ON "dealer_vehicles" USING btree ("app_id","vin");--> statement-breakpoint
CREATE INDEX "dealer_vehicles_app_make_idx" ON "dealer_vehicles" USING btree ("app_id","make","model");--> statement-breakpoint
CREATE INDEX "dealer_vehicles_app_price_idx" ON "dealer_vehicles" USING btree ("app_id","price");--> statement-breakpoint
CREATE INDEX "dealer_vehicles_app_year_idx" ON "dealer_vehicles" USING btree ("app_id","year");--> statement-breakpoint
CREATE INDEX "dealer_vehicles_app_mileage_idx" ON "dealer_vehicles" USING btree ("app_id","mileage");--> statement-breakpoint
CREATE INDEX "dealer_vehicles_app_updated_idx" ON "dealer_vehicles" USING btree ("app_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "dealer_vehicles_search_trgm_idx" ON "dealer_vehicles" USING gin ("search_text" gin_trgm_ops);