CREATE INDEX "end_user_sessions_user_idx" ON "end_user_sessions" USING btree ("end_user_id","created_at");--> statement-breakpoint
-- 0006 made this index by hand on (app_id, created_at); the schema now declares it with id, the customers
-- table's tie-break, so a page newest-first is read from the index in order.
DROP INDEX IF EXISTS "end_users_app_created_idx";--> statement-breakpoint
CREATE INDEX "end_users_app_created_idx" ON "end_users" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "end_users_app_name_idx" ON "end_users" USING btree ("app_id",lower("name"),"id");