import type { Notification, NotificationScope } from "../events/event-bus";

export function projectEvent(projectId: string, action: string, event: object): { scope: NotificationScope; notification: Notification } {
  return { scope: { kind: "project", projectId }, notification: { action, event: event as Record<string, unknown> } };
}
