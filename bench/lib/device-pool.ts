import type { ChildProcess } from "node:child_process";
import { exitWithin, forkWorker } from "./processes";
import { addTallies } from "../load/worker-messages";
import type { DeviceSpec, FromWorker, Tally, ToWorker, WorkerMode } from "../load/worker-messages";

const WORKER_SCRIPT = new URL("../load/device-worker.ts", import.meta.url).pathname;

/** How long any single awaited delivery may take before the run is declared broken. */
const DELIVERY_TIMEOUT_MS = 30_000;

type DeliveryEvent = "inquiry:new" | "inquiry:withdrawn";

/** Devices spread over worker processes, addressed by their index in the spec list. */
export interface DevicePool {
  pids: number[];
  /** Resolves with the time the last device of the pool received `event` for `inquiryId`. */
  lastDelivery(event: DeliveryEvent, inquiryId: string): Promise<number>;
  /** Device `index` answers over its socket; resolves with the ack and when it was sent. */
  answer(index: number, inquiryId: string): Promise<{ accepted: boolean; sentAt: number }>;
  /** Sums the workers' auto-answer bookkeeping. */
  tally(): Promise<Tally>;
  close(): Promise<void>;
}

/** A worker that disconnected its sockets exits on its own; this is how long it gets. */
const CLOSE_GRACE_MS = 3_000;

interface Pending {
  remaining: number;
  lastAt: number;
  settle?: (lastAt: number) => void;
}

/**
 * Forks `workerCount` device workers and connects `specs` through them. A user's devices all
 * go to the same worker (auto-answer picks among them); users are dealt round-robin.
 */
export async function startDevicePool(
  specs: DeviceSpec[],
  mode: WorkerMode,
  workerCount: number,
): Promise<DevicePool> {
  const users = [...new Set(specs.map((spec) => spec.userId))];
  const shares: { specs: DeviceSpec[]; globals: number[] }[] = Array.from(
    { length: Math.min(workerCount, users.length) },
    () => ({ specs: [], globals: [] }),
  );
  const userShare = new Map(users.map((user, index) => [user, index % shares.length]));
  const location = specs.map((spec, global) => {
    const share = shares[userShare.get(spec.userId) ?? 0]!;
    share.specs.push(spec);
    share.globals.push(global);
    return { share, local: share.specs.length - 1 };
  });
  const children: ChildProcess[] = shares.map(() => forkWorker(WORKER_SCRIPT));
  const deliveries = new Map<string, Pending>();
  const answers = new Map<string, (result: { accepted: boolean; sentAt: number }) => void>();

  function onMessage(message: FromWorker): void {
    if (message.type === "all") {
      const key = `${message.event}:${message.inquiryId}`;
      const pending = deliveries.get(key) ?? { remaining: children.length, lastAt: 0 };
      deliveries.set(key, pending);
      pending.remaining -= 1;
      pending.lastAt = Math.max(pending.lastAt, message.lastAt);
      if (pending.remaining === 0 && pending.settle !== undefined) {
        deliveries.delete(key);
        pending.settle(pending.lastAt);
      }
    } else if (message.type === "answered") {
      answers.get(message.inquiryId)?.(message);
      answers.delete(message.inquiryId);
    } else if (message.type === "failed") {
      console.error(`device worker failed: ${message.message}`);
    }
  }

  await Promise.all(
    children.map(async (child, index) => {
      child.on("message", onMessage);
      const connected = new Promise<void>((resolve, reject) => {
        const onConnected = (message: FromWorker): void => {
          if (message.type === "connected") resolve();
          if (message.type === "failed") reject(new Error(message.message));
        };
        child.on("message", onConnected);
      });
      const message: ToWorker = { type: "connect", devices: shares[index]!.specs, mode };
      child.send(message);
      await connected;
    }),
  );

  function request<T>(
    child: ChildProcess,
    message: ToWorker,
    accept: (m: FromWorker) => T | undefined,
  ): Promise<T> {
    return new Promise((resolve) => {
      const listener = (reply: FromWorker): void => {
        const value = accept(reply);
        if (value === undefined) return;
        child.off("message", listener);
        resolve(value);
      };
      child.on("message", listener);
      child.send(message);
    });
  }

  return {
    pids: children.map((child) => child.pid ?? 0),
    lastDelivery(event, inquiryId) {
      const key = `${event}:${inquiryId}`;
      const pending = deliveries.get(key) ?? { remaining: children.length, lastAt: 0 };
      deliveries.set(key, pending);
      if (pending.remaining === 0) {
        deliveries.delete(key);
        return Promise.resolve(pending.lastAt);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${key} not delivered everywhere`)),
          DELIVERY_TIMEOUT_MS,
        );
        pending.settle = (lastAt) => {
          clearTimeout(timer);
          resolve(lastAt);
        };
      });
    },
    answer(index, inquiryId) {
      const { share, local } = location[index]!;
      const child = children[shares.indexOf(share)]!;
      return new Promise((resolve) => {
        answers.set(inquiryId, resolve);
        child.send({ type: "answer", device: local, inquiryId } satisfies ToWorker);
      });
    },
    async tally() {
      const tallies = await Promise.all(
        children.map((child) =>
          request(child, { type: "tally" }, (reply) =>
            reply.type === "tally" ? reply.tally : undefined,
          ),
        ),
      );
      return addTallies(tallies);
    },
    async close() {
      for (const child of children)
        if (child.connected) child.send({ type: "close" } satisfies ToWorker);
      await Promise.all(children.map((child) => exitWithin(child, CLOSE_GRACE_MS)));
    },
  };
}
