CREATE TABLE "form_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"feature_id" text NOT NULL,
	"title" text,
	"user_id" text,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"source" text NOT NULL,
	"form_data_id" uuid,
	"user_id" text,
	"name" text,
	"phone" text,
	"email" text,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_data" ADD CONSTRAINT "form_data_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_form_data_id_form_data_id_fk" FOREIGN KEY ("form_data_id") REFERENCES "public"."form_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_data_app_feature_idx" ON "form_data" USING btree ("app_id","feature_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_app_idx" ON "leads" USING btree ("app_id","created_at");