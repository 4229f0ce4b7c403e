import { setTracingEnabled } from './platform/tracing';

/**
 * OpenTelemetry traces (docs/operations.md "Traces"), off by default. main.ts imports this module before anything
 * else, so that the SDK's require hooks are in place before fastify, pg and ioredis are first required (tsc emits
 * the imports as requires in their order). Tracing is on when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or OTEL_TRACES_EXPORTER is set — unless OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none. Off, nothing of the SDK is loaded: the packages are required only here, when on. Every
 * other setting is the SDK's own reading of the standard OTEL_* variables (protocol, sampler, service name, batch
 * delays…). Only traces are exported: metrics and logs stay off whatever OTEL_METRICS_EXPORTER and
 * OTEL_LOGS_EXPORTER say (the log lines go to stdout, with the trace id).
 */

type Env = Record<string, string | undefined>;

const set = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/** Whether the environment asks for traces (see above). */
export function tracingWanted(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (exporters.length > 0) return exporters.some((e) => e !== 'none');
  return set(env.OTEL_EXPORTER_OTLP_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let sdk: { shutdown(): Promise<void> } | undefined;

/**
 * Starts the SDK when the environment asks for traces: the HTTP, pg, ioredis and Fastify (`@fastify/otel`, which
 * registers itself on every Fastify instance created after this) instrumentations, spans batched to the exporter
 * OTEL_TRACES_EXPORTER names (default OTLP over HTTP/protobuf). Database and Redis calls outside any span (the jobs'
 * polling) make no traces of their own, and taking a pooled connection no span. Answers whether tracing is on.
 */
export function startTelemetry(env: Env = process.env): boolean {
  if (sdk) return true;
  if (!tracingWanted(env)) return false;
  /* eslint-disable @typescript-eslint/no-require-imports -- required only when on: off, nothing is loaded */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const named =
    set(env.OTEL_SERVICE_NAME) || /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const started = new NodeSDK({
    ...(named ? {} : { serviceName: 'wallet-server' }),
    instrumentations: [
      new HttpInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      // The route's span and its handler's; no span per hook (about ten a request: noise in the trace, and about a
      // quarter of what tracing cost a transfer); what a hook queries still shows, under the route's span.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  started.start();
  sdk = started;
  setTracingEnabled(true);
  return true;
}

/** Exports the spans still buffered, then stops the SDK (the server's shutdown). */
export async function shutdownTelemetry(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  setTracingEnabled(false);
  await running?.shutdown();
}

startTelemetry();
