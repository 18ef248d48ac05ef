/** One named check of /healthz: true, or what is wrong. */
export type HealthChecks = Record<string, true | string>;
