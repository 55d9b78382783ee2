import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AgentOptions } from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';
import { PRIVATE_FILE, privateDirSync } from './file-modes';
import type { Log } from './log';
import { checkOutboundUrl, OutboundAgent, type OutboundRules, OutboundUrlError } from './outbound-url';

/** A device's subscription as the push service handed it to the browser. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one push: delivered, the subscription is gone (404/410: forget it), refused before
 * dialling (its endpoint fails the outbound URL rule, docs/decisions/061-outbound-urls.md: forget it),
 * or it failed now (including a name that resolved to a private address at connect time).
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How long a push service keeps a call for a device that is off: a call older than 5 minutes is stale. */
export const PUSH_TTL_SECONDS = 300;
/** A push service that does not answer in this time (a closed plant network) counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, else a pair generated once and kept
 * owner-only in DATA_DIR/vapid.json (written aside and renamed, as the token secret is), so every
 * subscription stays valid across restarts. Instances that share DATA_DIR share the pair.
 */
export function resolveVapidKeys(settings: Config['andon']['vapid']): VapidKeys {
  if (settings.publicKey && settings.privateKey) {
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject: settings.subject };
  }
  if (existsSync(settings.file)) {
    const kept = JSON.parse(readFileSync(settings.file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: settings.subject };
  }
  privateDirSync(path.dirname(settings.file));
  const keys = webpush.generateVAPIDKeys();
  const tmp = `${settings.file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(keys), { mode: PRIVATE_FILE });
  renameSync(tmp, settings.file);
  const kept = JSON.parse(readFileSync(settings.file, 'utf8')) as VapidKeys;
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: settings.subject };
}

/**
 * Sends Web Push messages (the `web-push` library: VAPID-signed, aes128gcm-encrypted). A failure other
 * than a gone subscription is logged once per endpoint until it succeeds again: a plant network that
 * cannot reach the push services fills no log and never fails a call.
 */
export class PushSender {
  private readonly failing = new Set<string>();
  private readonly agent: OutboundAgent;

  constructor(
    readonly keys: VapidKeys,
    private readonly log: Log,
    /** Where an endpoint may point: PUSH_ALLOWED_HOSTS and OUTBOUND_ALLOW_PRIVATE. */
    readonly rules: OutboundRules,
    /** TLS options of the requests (a test's CA, trusting its local push endpoint). */
    tls: Pick<AgentOptions, 'ca'> = {},
  ) {
    this.agent = new OutboundAgent(rules.allowPrivate, { ...tls, keepAlive: false });
  }

  /** Checks an endpoint against the outbound URL rule (throws OutboundUrlError): at subscription and before each send. */
  check(endpoint: string): URL {
    return checkOutboundUrl(endpoint, this.rules);
  }

  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    let origin: string;
    try {
      origin = this.check(target.endpoint).origin;
    } catch (error) {
      if (!(error instanceof OutboundUrlError)) throw error;
      this.log.warn({ reason: error.reason }, 'Web Push endpoint refused: not dialled');
      return 'refused';
    }
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        timeout: PUSH_TIMEOUT_MS,
        vapidDetails: this.keys,
        agent: this.agent,
      });
      this.failing.delete(target.endpoint);
      return 'sent';
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) return 'gone';
      if (!this.failing.has(target.endpoint)) {
        this.failing.add(target.endpoint);
        this.log.warn({ status, reason: (error as Error).message, origin }, 'Web Push not delivered');
      }
      return 'failed';
    }
  }
}
