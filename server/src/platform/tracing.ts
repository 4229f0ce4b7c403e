import {
  context,
  createContextKey,
  INVALID_SPAN_CONTEXT,
  isSpanContextValid,
  SpanStatusCode,
  trace,
  type Attributes,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { isAppError } from './errors';

/**
 * Manual spans of the money path (docs/operations.md "Traces"), through `@opentelemetry/api` only. Until a tracer
 * provider is registered (`src/telemetry.ts` with OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER set, or a
 * test) `inSpan` calls its function at once with a no-op span: no span object, no context switch, nothing else.
 */

const tracer = trace.getTracer('wallet-server');

let enabled = false;

/** Turned on once a tracer provider is registered (telemetry.ts); off again only in tests. */
export function setTracingEnabled(on: boolean): void {
  enabled = on;
}

export function tracingEnabled(): boolean {
  return enabled;
}

/** The money operation a span or a log line belongs to (its id, kind and member). */
export interface OperationScope {
  operationId: string;
  kind: string;
  memberId: string;
}

const OPERATION = createContextKey('wallet.operation');

export function operationAttributes(op: OperationScope): Attributes {
  return {
    'wallet.operation_id': op.operationId,
    'wallet.operation_kind': op.kind,
    'wallet.member_id': op.memberId,
  };
}

const NOOP_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

export interface SpanOptions {
  /** The operation this span and everything under it belongs to (else the enclosing one's, if any). */
  operation?: OperationScope;
  /** Other traces this span continues (reconciliation: the request that began the operation). */
  links?: Link[];
}

/**
 * Runs `fn` inside a new active span (a child of the active one), with the enclosing operation's attributes and
 * `attributes`; ends it when `fn` settles. A catalogue refusal (a 4xx `AppError`) is recorded as
 * `wallet.error_code`, not as an error; anything else thrown marks the span as an error.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes | undefined,
  fn: (span: Span) => Promise<T>,
  opts?: SpanOptions,
): Promise<T> {
  if (!enabled) return fn(NOOP_SPAN);
  let parent = context.active();
  const op = opts?.operation ?? (parent.getValue(OPERATION) as OperationScope | undefined);
  if (opts?.operation) parent = parent.setValue(OPERATION, opts.operation);
  const all = op ? { ...operationAttributes(op), ...attributes } : attributes;
  return tracer.startActiveSpan(name, { attributes: all, links: opts?.links }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      if (isAppError(e) && e.statusCode < 500) {
        span.setAttribute('wallet.error_code', e.code);
      } else {
        span.recordException(e instanceof Error ? e : String(e));
        span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.message : String(e) });
      }
      throw e;
    } finally {
      span.end();
    }
  });
}

/** The W3C traceparent of the active span when it is sampled (stored with an operation), else undefined. */
export function activeTraceparent(): string | undefined {
  if (!enabled) return undefined;
  const sc = trace.getSpan(context.active())?.spanContext();
  if (!sc || !isSpanContextValid(sc) || (sc.traceFlags & 1) === 0) return undefined;
  return `00-${sc.traceId}-${sc.spanId}-01`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A span link to the span a stored traceparent names (none when absent or malformed). */
export function linkTo(traceparent: string | undefined): Link[] | undefined {
  const m = traceparent === undefined ? null : TRACEPARENT.exec(traceparent);
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  const spanContext = { traceId: m[1], spanId: m[2], traceFlags: parseInt(m[3], 16), isRemote: true };
  return isSpanContextValid(spanContext) ? [{ context: spanContext }] : undefined;
}

/**
 * What each log line carries from the active context (the pino `mixin` of app.ts, installed only while tracing is
 * on): `trace_id` and `span_id` of the active span, `operation_id` of the enclosing money operation. A new object
 * each time: pino merges the line's own fields into it.
 */
export function logContext(): Record<string, string> {
  const out: Record<string, string> = {};
  if (!enabled) return out;
  const active = context.active();
  const sc = trace.getSpan(active)?.spanContext();
  const op = active.getValue(OPERATION) as OperationScope | undefined;
  if (sc && isSpanContextValid(sc)) {
    out.trace_id = sc.traceId;
    out.span_id = sc.spanId;
  }
  if (op) out.operation_id = op.operationId;
  return out;
}
