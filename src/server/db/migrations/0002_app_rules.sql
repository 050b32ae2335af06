CREATE TABLE "app_rules" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_rules_one_row_check" CHECK ("app_rules"."id")
);
