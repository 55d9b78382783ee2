import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';

/** Debian's broker (scripts/test-deps.mjs installs the `mosquitto` package). */
export const MOSQUITTO =
  process.env.MOSQUITTO_PATH ?? ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p)) ?? 'mosquitto';

export interface TestBroker {
  url: string;
  port: number;
  /** Stops the broker (SIGTERM: it writes its persistence file, as on a clean restart). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same persistence: sessions and queued messages survive. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

/**
 * A real Mosquitto on a free local port, its configuration and persistence in a temporary folder
 * (persistence on: a restart keeps the portal's session and the messages queued for it), or on the
 * given port (the browser tests' broker, e2e/global-setup.ts).
 */
export async function startBroker(onPort?: number): Promise<TestBroker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mosquitto-'));
  const port = onPort ?? (await freePort());
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      // Run as root, mosquitto would switch to the `mosquitto` user and could not write its persistence here.
      `user ${userInfo().username}`,
      'persistence true',
      `persistence_location ${dir}/`,
      // The portal's queue while it restarts may hold more than the default 1,000 messages.
      'max_queued_messages 1000000',
      'max_inflight_messages 100',
      'log_dest none',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const broker: TestBroker = {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    async start() {
      const proc = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
      child = proc;
      let stderr = '';
      proc.stderr?.on('data', (d) => {
        stderr += String(d);
      });
      for (let i = 0; i < 200; i++) {
        if (proc.exitCode !== null) throw new Error(`mosquitto exited: ${stderr}`);
        if (await accepting(port)) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`mosquitto did not listen on ${port}: ${stderr}`);
    },
    async stop() {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      });
    },
    async close() {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}

/** A device: publishes with QoS 1 (each publish resolves once the broker has it). */
export async function device(url: string): Promise<MqttClient> {
  return connectAsync(url, { protocolVersion: 5, reconnectPeriod: 200 });
}

export interface TestGate {
  url: string;
  /** Refuses new connections and cuts the open ones: the portal behind it stays disconnected. */
  hold(): void;
  /** Lets connections through again (the portal reconnects at its next attempt). */
  release(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of the broker, so a test decides when the portal may reconnect while devices
 * publish to the broker directly.
 */
export async function gate(brokerPort: number): Promise<TestGate> {
  const open = new Set<Socket>();
  let held = false;
  const server = createServer((inbound) => {
    if (held) {
      inbound.destroy();
      return;
    }
    const outbound = new Socket();
    open.add(inbound).add(outbound);
    const cut = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.on('close', cut).on('error', cut);
    outbound.on('close', cut).on('error', cut);
    outbound.connect(brokerPort, '127.0.0.1', () => {
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    hold() {
      held = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    release() {
      held = false;
    },
    close() {
      held = true;
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
