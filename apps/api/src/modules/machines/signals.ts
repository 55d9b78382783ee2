import type { ServiceContext } from '../../context';
import { handleMqttMessage, refreshTopics } from './service';

/** How often an instance re-reads the bound topics, to follow bindings changed on another instance. */
const TOPICS_REFRESH_MS = 10_000;

/**
 * The MQTT side of machine signals, when MQTT_URL is set: starts the context's client
 * (lib/mqtt-client.ts) with the machines service as its handler and keeps it on the bound topics.
 * Started once the app is ready, closed before the database is.
 */
export function createMachineSignals(ctx: ServiceContext) {
  const mqtt = ctx.machines.mqtt;
  if (!mqtt) return null;
  let timer: NodeJS.Timeout | undefined;
  const refresh = () => refreshTopics(ctx).catch((error) => ctx.log.warn({ err: error }, 'machine topics not refreshed'));
  return {
    async start() {
      mqtt.start((topic, payload) => handleMqttMessage(ctx, topic, payload));
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
