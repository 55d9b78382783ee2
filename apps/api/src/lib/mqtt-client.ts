import { readFileSync } from 'node:fs';
import type { BrokerStatus } from '@portal/contract/machines';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Log } from './log';

export interface MqttSettings {
  url: string;
  username?: string;
  password?: string;
  /** PEM file of the CA that signs an mqtts:// broker's certificate. */
  caFile?: string;
  /** Stable across restarts: the broker keeps this session's subscriptions and queued messages under it. */
  clientId: string;
  /**
   * Shared-subscription group (MQTT_SHARED_SUBSCRIPTION): every instance joins the same one, so each
   * message reaches one. Unset: a plain subscription on this instance's session, which Mosquitto
   * restores after its own restart (it does not restore shared ones), and every instance receives
   * every message: the machines service applies each once (docs/decisions/020-machine-signals.md).
   */
  shareGroup?: string;
  /** First and longest pause between reconnection attempts (doubling in between). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/**
 * Called for each message in the broker's order; its PUBACK goes only once it settles, and after every
 * earlier message's. It throws HoldMessage when the message cannot be settled now.
 */
export type MqttMessageHandler = (topic: string, payload: Buffer) => Promise<void>;

/**
 * Topics whose messages may be handed over while earlier ones are still being handled (weld
 * telemetry, whose handler groups them: docs/decisions/088-telemetry-ingest-in-groups.md). Any other
 * message waits until every earlier one is settled, so it is handled one at a time as before.
 */
export type ConcurrentTopics = (topic: string) => boolean;

/** Tells mqtt.js to read the next packet without acknowledging this one (its PUBACK is sent later). */
const DEFERRED_ACK = new Error('PUBACK deferred until the message is settled');

/**
 * Thrown by a handler that cannot settle a message now (its database is away): the message is not
 * acknowledged, the client disconnects so that the broker keeps it and every later one queued in the
 * persistent session, and connects again once `until` resolves; the broker then delivers them again in
 * order (docs/decisions/029-database-outages.md).
 */
export class HoldMessage extends Error {
  constructor(
    readonly until: (signal: AbortSignal) => Promise<void>,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'HoldMessage';
  }
}

/** How long the broker keeps a disconnected instance's session (and queues its QoS 1 messages): 7 days. */
const SESSION_EXPIRY_SECONDS = 7 * 24 * 3600;

/** The URL without its credentials, as administrators see it. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//');
  }
}

/**
 * The portal's MQTT subscriber (mqtt.js). MQTT 5, QoS 1 and a persistent session under a stable
 * client id: what devices publish while the portal is down or restarting is queued by the broker and
 * delivered when it is back. Topics are subscribed plainly (the broker keeps them in the session, and
 * every instance receives every message), or as `$share/<group>/<topic>` with a share group. A message
 * is acknowledged only after the handler settled (its transaction committed), so a crash in between
 * makes the broker deliver it again. Reconnects with a doubling pause; its state is what
 * GET /api/admin/machines shows.
 */
export class MqttSignalClient {
  private client: MqttClient | null = null;
  private readonly wanted = new Set<string>();
  private readonly subscribed = new Set<string>();
  private readonly state: BrokerStatus;
  private readonly group: string | undefined;
  private readonly minMs: number;
  private readonly maxMs: number;
  private syncing: Promise<void> = Promise.resolve();
  /**
   * Settles once every message taken so far is acknowledged (or held): close() lets them finish (and
   * be acknowledged) before it disconnects; a message handled one at a time waits for it.
   */
  private handling: Promise<void> = Promise.resolve();
  /** Counts the connections: a PUBACK is only sent on the connection its message came on. */
  private connection = 0;
  /** Set while messages are held (HoldMessage): aborted by close(). */
  private holding: AbortController | null = null;

  constructor(
    private readonly settings: MqttSettings,
    private readonly log: Log,
  ) {
    this.group = settings.shareGroup;
    this.minMs = settings.reconnectMinMs ?? 500;
    this.maxMs = settings.reconnectMaxMs ?? 30_000;
    this.state = {
      configured: true,
      connected: false,
      url: safeUrl(settings.url),
      since: null,
      last_error: null,
      reconnects: 0,
      messages: 0,
    };
  }

  status(): BrokerStatus {
    return { ...this.state };
  }

  get connected(): boolean {
    return this.state.connected;
  }

  /**
   * Connects in the background (the portal starts whether the broker is up or not) and hands each
   * message to `handler`: the subscriber above (modules/machines/signals.ts) gives it when it starts.
   */
  start(handler: MqttMessageHandler, concurrent: ConcurrentTopics = () => false): void {
    const options: IClientOptions = {
      clientId: this.settings.clientId,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
      username: this.settings.username,
      password: this.settings.password,
      ca: this.settings.caFile ? readFileSync(this.settings.caFile) : undefined,
      reconnectPeriod: this.minMs,
      connectTimeout: 10_000,
      keepalive: 30,
      // Subscriptions are ours to restore (connect handler), whatever the broker kept.
      resubscribe: false,
    };
    const client = connect(this.settings.url, options);
    this.client = client;
    client.handleMessage = (packet, callback) => {
      // Held or closing: taken by nobody and never acknowledged (the broker delivers it again).
      if (this.holding || this.client !== client) return;
      const connection = this.connection;
      const earlier = this.handling;
      const topic = packet.topic;
      const current = () => !this.holding && this.connection === connection;
      // A concurrent topic's message is handed over at once; any other waits for every earlier one.
      const handled = concurrent(topic)
        ? handler(topic, packet.payload as Buffer)
        : earlier.then(() => (current() ? handler(topic, packet.payload as Buffer) : undefined));
      const outcome = handled.then(
        () => null,
        (error: unknown) => error ?? new Error('message not handled'),
      );
      // PUBACKs go in the broker's order, each once its message and every earlier one are settled.
      this.handling = earlier.then(async () => {
        const error = await outcome;
        if (!current()) return;
        if (error instanceof HoldMessage) {
          // Not acknowledged, nor anything after it: the broker delivers them again once we are back.
          this.hold(client, error);
          return;
        }
        // The handler logs and settles its own failures; this is a last resort so the client never hangs.
        if (error) this.log.error({ err: error, topic }, 'machine signal not handled');
        this.state.messages += 1;
        if (packet.qos > 0 && client.connected) {
          // mqtt.js's own way of sending a packet (its handlers call it so too).
          // biome-ignore lint/complexity/useLiteralKeys: a private method of mqtt.js's client
          client['_sendPacket']({ cmd: 'puback', messageId: packet.messageId });
        }
      });
      // mqtt.js reads the next packet now and sends no PUBACK for this one: the chain above does.
      callback(DEFERRED_ACK);
    };
    client.on('connect', (connack) => {
      this.changed(true);
      client.options.reconnectPeriod = this.minMs;
      this.log.info({ url: this.state.url, sessionPresent: connack.sessionPresent }, 'MQTT connected');
      // The broker may have kept the subscriptions (sessionPresent) or not: subscribing again is harmless.
      this.subscribed.clear();
      void this.sync();
    });
    client.on('close', () => {
      this.connection += 1;
      if (this.state.connected) this.log.warn({ url: this.state.url }, 'MQTT connection lost');
      this.changed(false);
      // Doubling pause before the next attempt, up to the longest.
      client.options.reconnectPeriod = Math.min(this.maxMs, Math.max(this.minMs, (client.options.reconnectPeriod ?? this.minMs) * 2));
    });
    client.on('reconnect', () => {
      this.state.reconnects += 1;
    });
    client.on('error', (error) => {
      this.state.last_error = error.message;
      this.log.warn({ err: error, url: this.state.url }, 'MQTT error');
    });
  }

  /**
   * Stops taking messages until the handler can settle them again: a forced end sends no PUBACK for
   * the held message nor for any packet read after it, and the session (with its queue) stays on the
   * broker. Reconnects once `until` resolves.
   */
  private hold(client: MqttClient, held: HoldMessage) {
    if (this.holding || this.client !== client) return;
    const holding = new AbortController();
    this.holding = holding;
    this.state.last_error = held.reason;
    this.log.warn({ url: this.state.url, reason: held.reason }, 'MQTT messages held unacknowledged until they can be applied');
    client.end(true);
    held.until(holding.signal).then(
      () => {
        if (this.holding !== holding || this.client !== client) return;
        this.holding = null;
        this.log.info({ url: this.state.url }, 'MQTT taking messages again');
        client.reconnect();
      },
      () => {
        // Aborted by close().
      },
    );
  }

  private changed(connected: boolean) {
    if (this.state.connected !== connected || this.state.since === null) this.state.since = new Date().toISOString();
    this.state.connected = connected;
  }

  /** The device topics to follow now (the bound arcos'); subscribes and unsubscribes the difference. */
  setTopics(topics: Iterable<string>): Promise<void> {
    this.wanted.clear();
    for (const topic of topics) this.wanted.add(topic);
    return this.sync();
  }

  /** One sync at a time, each starting from what the previous one achieved. */
  private sync(): Promise<void> {
    this.syncing = this.syncing
      .then(() => this.syncOnce())
      .catch((error) => this.log.warn({ err: error }, 'MQTT subscriptions not synced'));
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const add = [...this.wanted].filter((t) => !this.subscribed.has(t));
    const drop = [...this.subscribed].filter((t) => !this.wanted.has(t));
    const shared = (t: string) => (this.group ? `$share/${this.group}/${t}` : t);
    if (add.length) {
      await client.subscribeAsync(add.map(shared), { qos: 1 });
      for (const t of add) this.subscribed.add(t);
    }
    if (drop.length) {
      await client.unsubscribeAsync(drop.map(shared));
      for (const t of drop) this.subscribed.delete(t);
    }
  }

  /**
   * Publishes a retained QoS 1 message (an arco's andon light: docs/decisions/043-andon.md). While
   * disconnected mqtt.js keeps it and sends it on reconnecting; settles once the broker acknowledged it.
   */
  async publishRetained(topic: string, payload: string): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client.publishAsync(topic, payload, { qos: 1, retain: true });
  }

  /** Disconnects and keeps the session on the broker: messages go on being queued for this client id. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    this.holding?.abort();
    this.holding = null;
    await this.handling;
    client.removeAllListeners('close');
    await client.endAsync();
    this.changed(false);
  }
}
