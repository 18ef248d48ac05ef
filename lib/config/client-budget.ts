/**
 * The budget of a Place API client configured without a rate (`rate_limit_per_minute: null`, an organization's own
 * integration), a minute; `PLACES_DEFAULT_RATE_PER_MINUTE` overrides it. 200 requests a second: what one process of
 * this machine serves of its heaviest search class (712 signed 200 km searches/s, `npm run bench:load`, docs/hardening.md)
 * with more than two thirds left for everyone else, and a fifth or less of its signed searches in general (1,144 to
 * 1,907/s). It was 120,000 (2,000/s), more than one process serves at all: no budget on one instance.
 */
export const DEFAULT_RATE_PER_MINUTE = 12_000;

/**
 * Requests of one client a process works on at once (`PLACES_CLIENT_CONCURRENCY` overrides it): the rest of a burst is
 * answered 429 at once, so one client's flood cannot queue every other client's requests behind its own. 32 is twice
 * the 16 connections at which one process reaches its full throughput in the benchmarks (docs/hardening.md).
 */
export const DEFAULT_CLIENT_CONCURRENCY = 32;
