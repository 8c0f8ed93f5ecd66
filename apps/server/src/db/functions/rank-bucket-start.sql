-- arcadia_rank_bucket_start(b integer) -> bigint
--
-- The smallest whole number whose bucket is b or above, so that "inside bucket b" for a
-- whole-number metric (score, wins) is a plain index range, start(b) <= v < start(b + 1), with
-- no function per row (features/leaderboards/rank-buckets.ts).
--
-- Input:      b, a bucket number (may be beyond any stored value).
-- Output:     min { x >= 0 whole : arcadia_rank_bucket(x) >= b }. exp() gives the estimate; the
--             neighbours within 3 absorb its rounding.
-- Raises:     nothing.
-- Writes:     nothing (IMMUTABLE).
-- Invariants: arcadia_rank_bucket(start(b)) >= b and, when start(b) > 0,
--             arcadia_rank_bucket(start(b) - 1) < b (checked by rank-buckets.test.ts).
-- PL/pgSQL, not SQL: a SQL function that cannot be inlined (this one has a FROM) has its body
-- parsed and planned again in every statement that calls it, and the leaderboards call it in
-- every request for the caller's rank; PL/pgSQL keeps the plan for the session (about 20 % of
-- that statement's time, measured with pgbench at 200,000 players).
CREATE OR REPLACE FUNCTION arcadia_rank_bucket_start(b integer) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN (
    SELECT min(x) FROM (
      SELECT greatest(ceil(exp(b / {{RANK_BUCKET_LOG_FACTOR}}) - 1)::bigint + d, 0) AS x
      FROM generate_series(-3, 3) d
    ) c
    WHERE arcadia_rank_bucket(x::float8) >= b);
END
$$;
