import type { PushPublicKey, PushSubscriptionBody } from '@portal/contract/andon';
import { api } from '@/lib/api';

/** Web Push on this device (docs/decisions/045-andon-on-screen.md): the browser's subscription and the server's copy. */

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's subscription, if the service worker runs and has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes with the server's key, and gives the server the subscription. */
export async function subscribePush(): Promise<'subscribed' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { public_key } = await api<PushPublicKey>('/api/push/public-key');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  await api('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() as PushSubscriptionBody });
  return 'subscribed';
}

/** The server forgets the device first (so a failure leaves both as they were), then the browser. */
export async function unsubscribePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
