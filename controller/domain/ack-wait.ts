import { DEFAULT_DATAPLANE_ACK_TIMEOUT_MS, type ControllerConfig } from "../deps";
import type { DataplaneEffect } from "./dataplane-effects";

/**
 * How long a change waits for its hosts to apply it: the configured wait
 * (`--dataplane-ack-timeout`) plus the slow work the change asks of them (a VM booting or
 * powering down). It is a wait without news: every message from the host starts it again,
 * and a host that answers pings slowly is given several of its round trips instead
 * (controller/dataplane/host-liveness.ts).
 */
export function ackWaitMs(config: Pick<ControllerConfig, "dataplaneAckTimeoutMs">, effect: Pick<DataplaneEffect, "slowWorkMs">): number {
  return (config.dataplaneAckTimeoutMs ?? DEFAULT_DATAPLANE_ACK_TIMEOUT_MS) + (effect.slowWorkMs ?? 0);
}
