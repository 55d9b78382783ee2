import { TELEMETRY_TOPIC_SUFFIX } from '@portal/contract/telemetry';
import type { ServiceContext } from '../../context';
import type { MqttMessageHandler } from '../../lib/mqtt-client';
import { handleMqttMessage, refreshTopics } from './service';

/** How often an instance re-reads the bound topics, to follow bindings changed on another instance. */
const TOPICS_REFRESH_MS = 10_000;

/**
 * The MQTT side of machine signals, when MQTT_URL is set: starts the context's client
 * (lib/mqtt-client.ts) with the machines service as its handler and keeps it on the bound topics; the
 * messages of `<topic>/telemetry` go to `telemetry` when given (docs/decisions/079-weld-telemetry.md).
 * Started once the app is ready, closed before the database is.
 */
export function createMachineSignals(ctx: ServiceContext, telemetry?: MqttMessageHandler) {
  const mqtt = ctx.machines.mqtt;
  if (!mqtt) return null;
  let timer: NodeJS.Timeout | undefined;
  const refresh = () => refreshTopics(ctx).catch((error) => ctx.log.warn({ err: error }, 'machine topics not refreshed'));
  return {
    async start() {
      // `<topic>/telemetry` carries weld samples (given the arco's topic): modules/telemetry, given by app.ts.
      // Those are handed over without waiting for the earlier ones, which lets telemetry group the
      // messages that arrive while it writes (docs/decisions/088-telemetry-ingest-in-groups.md); the
      // states stay one at a time, in the broker's order.
      const isTelemetry = (topic: string) => telemetry !== undefined && topic.endsWith(TELEMETRY_TOPIC_SUFFIX);
      mqtt.start(
        (topic, payload) =>
          telemetry && isTelemetry(topic)
            ? telemetry(topic.slice(0, -TELEMETRY_TOPIC_SUFFIX.length), payload)
            : handleMqttMessage(ctx, topic, payload),
        isTelemetry,
      );
      await refresh();
      timer = setInterval(refresh, TOPICS_REFRESH_MS);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await mqtt.close();
    },
  };
}
