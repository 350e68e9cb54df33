CREATE TABLE "content_drafts" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"texts" jsonb NOT NULL,
	"saved_by_id" integer,
	"saved_by_email" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_drafts_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "content_revision" (
	"id" smallint PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL
);
