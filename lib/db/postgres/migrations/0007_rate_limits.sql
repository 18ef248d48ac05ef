-- Up Migration
-- The shared counters of the rate limits and the login throttle (rate-limiter-flexible's RateLimiterPostgres
-- layout): key is "<rule>:<key>", expire in epoch milliseconds, NULL for never.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- Down Migration
DROP TABLE rate_limits;
