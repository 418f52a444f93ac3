import { createLogger } from "@shared/logging/logger";
import { LocalEventBus, type EventBus, type Listener, type Notification, type NotificationScope } from "../../events/event-bus";
import { DIRECTORY, projectShard, type ShardName } from "../../store/shards";

/** What an object serving notification streams answers the objects that publish to them (workerd RPC). */
export interface NotificationCalls {
  deliverNotification(scope: NotificationScope, notification: Notification): Promise<void>;
}

const log = createLogger("controller.events");

/**
 * Notifications between Durable Objects: a stream's listeners live in the object that serves
 * it (the controller stream in the directory, a project's stream in the project's object), so
 * an event published elsewhere is sent there, in publication order per destination.
 */
export class ForwardingEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly queues = new Map<ShardName, Promise<void>>();

  constructor(
    /** The object this bus runs in; undefined for one that serves no stream (a host's object). */
    private readonly self: ShardName | undefined,
    private readonly objectOf: (shard: ShardName) => NotificationCalls,
  ) {}

  publish(scope: NotificationScope, notification: Notification): void {
    const owner = scope.kind === "controller" ? DIRECTORY : projectShard(scope.projectId);
    if (owner === this.self) return this.local.publish(scope, notification);
    const sent = (this.queues.get(owner) ?? Promise.resolve())
      .then(() => this.objectOf(owner).deliverNotification(scope, notification))
      .catch((error) => log.error("could not forward a notification", { owner, error: String(error) }));
    this.queues.set(owner, sent);
    void sent.then(() => {
      if (this.queues.get(owner) === sent) this.queues.delete(owner);
    });
  }

  /** An event another object forwarded here. */
  deliver(scope: NotificationScope, notification: Notification): void {
    this.local.publish(scope, notification);
  }

  subscribe(scope: NotificationScope, listener: Listener): () => void {
    return this.local.subscribe(scope, listener);
  }

  listenerCount(): number {
    return this.local.listenerCount();
  }
}
