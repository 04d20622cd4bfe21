import { type EnvOf, integer, type Reading, text } from './env.js';

/** Where /metrics is served, if anywhere. */
export const METRICS_ENV = {
  METRICS_TOKEN: text({ minLength: 16 }),
  METRICS_PORT: integer(0, 65535),
  METRICS_HOST: text({ minLength: 1 }),
} as const;

export const METRICS_SECRETS = ['METRICS_TOKEN'] as const;

export interface MetricsConfig {
  /**
   * /metrics (docs/operations.md "Metrics"): off unless one of these is set. METRICS_PORT serves
   * it on a listener of its own (on METRICS_HOST, 127.0.0.1 by default) and never on the API's
   * port; METRICS_TOKEN alone serves it on the API's port to `Authorization: Bearer <token>`
   * only (with METRICS_PORT, the token is asked there too).
   */
  readonly metricsToken: string | undefined;
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
}

/** What is wrong with the metrics variables together (each alone is checked by the schema). */
function metricsProblems(env: EnvOf<typeof METRICS_ENV> & { PORT?: number }): string[] {
  const problems: string[] = [];
  if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined) {
    problems.push('METRICS_HOST: set METRICS_PORT too (METRICS_HOST is where that listener binds)');
  }
  if (
    env.METRICS_PORT !== undefined &&
    env.METRICS_PORT !== 0 &&
    env.METRICS_PORT === (env.PORT ?? 3000)
  ) {
    problems.push(`METRICS_PORT=${env.METRICS_PORT}: must differ from PORT (the API's port)`);
  }
  return problems;
}

export function readMetrics(
  env: EnvOf<typeof METRICS_ENV> & { PORT?: number },
): Reading<MetricsConfig> {
  return {
    problems: metricsProblems(env),
    config: () => ({
      metricsToken: env.METRICS_TOKEN,
      metricsPort: env.METRICS_PORT,
      metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    }),
  };
}
