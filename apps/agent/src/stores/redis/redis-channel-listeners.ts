import type { RedisClient } from "@inquiry-hub/redis-topology";

/**
 * Per-channel listeners over one subscriber connection (ioredis needs a connection of its own
 * for SUBSCRIBE). A channel is subscribed while it has a listener: `listen` settles once Redis
 * has acknowledged the SUBSCRIBE, so every publish after that reaches the listener.
 * ioredis sends commands in call order, so a SUBSCRIBE after an UNSUBSCRIBE of the same channel
 * leaves it subscribed.
 */
export interface ChannelListeners {
  listen(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
}

interface Subscription {
  listeners: Set<(message: string) => void>;
  /** The channel's SUBSCRIBE, answered or in flight; every `listen` waits for it. */
  acknowledged: Promise<unknown>;
}

/** Dispatches `subscriber`'s messages; a throwing listener is reported and skipped. */
export function createChannelListeners(
  subscriber: RedisClient,
  onListenerError: (error: unknown) => void,
): ChannelListeners {
  const byChannel = new Map<string, Subscription>();
  subscriber.on("message", (channel: string, message: string) => {
    for (const listener of [...(byChannel.get(channel)?.listeners ?? [])]) {
      try {
        listener(message);
      } catch (error) {
        onListenerError(error);
      }
    }
  });

  return {
    async listen(channel, listener) {
      let subscription = byChannel.get(channel);
      if (subscription === undefined) {
        subscription = { listeners: new Set(), acknowledged: subscriber.subscribe(channel) };
        byChannel.set(channel, subscription);
      }
      subscription.listeners.add(listener);
      let listening = true;
      const stopListening = async (): Promise<void> => {
        if (!listening) return;
        listening = false;
        const current = byChannel.get(channel);
        current?.listeners.delete(listener);
        if (current?.listeners.size !== 0) return;
        byChannel.delete(channel);
        if (subscriber.status === "ready") await subscriber.unsubscribe(channel);
      };
      try {
        await subscription.acknowledged;
      } catch (error) {
        await stopListening();
        throw error;
      }
      return stopListening;
    },
  };
}
