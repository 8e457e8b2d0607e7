import { type FormObject, obj, str } from './form.js';
import {
  type ApiRoute,
  find,
  type LocalStripeContext,
  listOf,
  missingParam,
  newId,
  StripeError,
  type StripeObject,
} from './state.js';

interface MeterShape {
  customer_mapping: { event_payload_key: string };
  value_settings: { event_payload_key: string };
  default_aggregation: { formula: string };
}

const activeMeterFor = (ctx: LocalStripeContext, eventName: string | undefined) =>
  Object.values(ctx.state.meters).find(
    (meter) => meter.status === 'active' && meter.event_name === eventName,
  );

function createMeter(ctx: LocalStripeContext, params: FormObject): StripeObject {
  const displayName = str(params.display_name);
  const eventName = str(params.event_name);
  const formula = str(obj(params.default_aggregation).formula);
  if (!displayName) throw missingParam('display_name');
  if (!eventName) throw missingParam('event_name');
  if (!formula) throw missingParam('default_aggregation[formula]');
  if (activeMeterFor(ctx, eventName))
    throw new StripeError(
      400,
      'invalid_request_error',
      `An active meter with event_name \`${eventName}\` already exists.`,
      undefined,
      'event_name',
    );
  const mapping = obj(params.customer_mapping);
  const meter: StripeObject = {
    id: newId('mtr'),
    object: 'billing.meter',
    created: ctx.now(),
    customer_mapping: {
      event_payload_key: str(mapping.event_payload_key) ?? 'stripe_customer_id',
      type: str(mapping.type) ?? 'by_id',
    },
    default_aggregation: { formula },
    display_name: displayName,
    event_name: eventName,
    event_time_window: null,
    livemode: false,
    status: 'active',
    status_transitions: { deactivated_at: null },
    updated: ctx.now(),
    value_settings: { event_payload_key: str(obj(params.value_settings).event_payload_key) ?? 'value' },
  };
  ctx.state.meters[meter.id] = meter;
  return meter;
}

/** A usage event, kept once per identifier (a repeat returns the first), on the event name's active meter. */
function createMeterEvent(ctx: LocalStripeContext, params: FormObject): StripeObject {
  const eventName = str(params.event_name);
  if (!activeMeterFor(ctx, eventName))
    throw new StripeError(
      400,
      'invalid_request_error',
      `No active meter found for event_name '${eventName}'`,
      undefined,
      'event_name',
    );
  const identifier = str(params.identifier) ?? newId('mev');
  const existing = ctx.state.meterEvents[identifier];
  if (existing) return existing;
  const event: StripeObject = {
    id: identifier,
    object: 'billing.meter_event',
    created: ctx.now(),
    event_name: eventName,
    identifier,
    livemode: false,
    payload: obj(params.payload),
    timestamp: Number(str(params.timestamp) ?? ctx.now()),
  };
  ctx.state.meterEvents[identifier] = event;
  ctx.save();
  return event;
}

/** The meter's events of one customer in [start_time, end_time), aggregated into one summary. */
function eventSummaries(
  ctx: LocalStripeContext,
  meterId: string,
  params: FormObject,
): Record<string, unknown> {
  const meter = find(ctx.state.meters, meterId, 'billing meter') as StripeObject & MeterShape;
  const customer = str(params.customer);
  const start = Number(str(params.start_time));
  const end = Number(str(params.end_time));
  if (!customer || !Number.isFinite(start) || !Number.isFinite(end))
    throw new StripeError(400, 'invalid_request_error', 'customer, start_time and end_time are required.');
  const values = Object.values(ctx.state.meterEvents)
    .filter((event) => event.event_name === meter.event_name)
    .filter((event) => {
      const payload = event.payload as Record<string, string>;
      const at = Number(event.timestamp);
      return payload[meter.customer_mapping.event_payload_key] === customer && at >= start && at < end;
    })
    .map((event) =>
      Number((event.payload as Record<string, string>)[meter.value_settings.event_payload_key] ?? 0),
    );
  const formula = meter.default_aggregation.formula;
  const value =
    formula === 'count'
      ? values.length
      : formula === 'last'
        ? (values.at(-1) ?? 0)
        : values.reduce((a, b) => a + b, 0);
  return listOf(
    [
      {
        id: newId('mtrusg'),
        object: 'billing.meter_event_summary',
        aggregated_value: value,
        start_time: start,
        end_time: end,
        livemode: false,
        meter: meter.id,
      },
    ],
    `/v1/billing/meters/${meter.id}/event_summaries`,
  );
}

export const meterRoutes: ApiRoute[] = [
  { method: 'POST', path: /^\/v1\/billing\/meters$/, handle: createMeter },
  {
    method: 'GET',
    path: /^\/v1\/billing\/meters$/,
    handle: ({ state }, params) => {
      const status = str(params.status);
      const data = Object.values(state.meters)
        .filter((meter) => !status || meter.status === status)
        .sort((a, b) => Number(b.created) - Number(a.created));
      return listOf(data, '/v1/billing/meters');
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/billing\/meters\/([\w-]+)$/,
    handle: ({ state }, _params, [id]) => find(state.meters, id as string, 'billing meter'),
  },
  {
    method: 'GET',
    path: /^\/v1\/billing\/meters\/([\w-]+)\/event_summaries$/,
    handle: (ctx, params, [id]) => eventSummaries(ctx, id as string, params),
  },
  { method: 'POST', path: /^\/v1\/billing\/meter_events$/, handle: createMeterEvent },
];
