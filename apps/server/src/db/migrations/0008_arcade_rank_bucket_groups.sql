CREATE TABLE "player_rank_bucket_groups" (
	"application_id" text NOT NULL,
	"metric" text NOT NULL,
	"bucket_group" integer NOT NULL,
	"shard" smallint NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "player_rank_bucket_groups_application_id_metric_bucket_group_shard_pk" PRIMARY KEY("application_id","metric","bucket_group","shard")
);
