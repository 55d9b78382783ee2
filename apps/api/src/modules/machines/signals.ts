import type { Config } from '../../config';
import type { ServiceContext } from '../../context';
import { MqttSignalClient } from '../../lib/mqtt-client';
import { handleMqttMessage, refreshTopics } from './service';

/** How often an instance re-reads the bound topics, to follow bindings changed on another instance. */
const TOPICS_REFRESH_MS = 10_000;

/**
 * The MQTT side of machine signals, when MQTT_URL is set: the subscriber (lib/mqtt-client.ts) feeding
 * each message to the machines service, following the bound topics. Started once the app is ready,
 * closed before the database is.
 */
export function createMachineSignals(ctx: ServiceContext, settings: Config['machines']) {
  if (!settings.mqttUrl) return null;
  const mqtt = new MqttSignalClient(
    {
      url: settings.mqttUrl,
      username: settings.mqttUsername,
      password: settings.mqttPassword,
      caFile: settings.mqttCaFile,
      clientId: settings.mqttClientId,
      shareGroup: settings.mqttSharedSubscription ? 'portal' : undefined,
    },
    (topic, payload) => handleMqttMessage(ctx, topic, payload),
    ctx.log,
  );
  ctx.machines.mqtt = mqtt;
  let timer: NodeJS.Timeout | undefined;
  const refresh = () => refreshTopics(ctx).catch((error) => ctx.log.warn({ err: error }, 'machine topics not refreshed'));
  return {
    async start() {
      mqtt.start();
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
