import { DEFAULT_DATAPLANE_ACK_TIMEOUT_MS, type ControllerConfig } from "../deps";
import type { DataplaneEffect } from "./dataplane-effects";

/**
 * How long a change waits for its hosts to apply it: the configured wait
 * (`--dataplane-ack-timeout`) plus the slow work the change asks of them (a VM booting or
 * powering down). The hub times the wait out with it and the 409 that follows names it, so
 * the two always agree.
 */
export function ackWaitMs(config: Pick<ControllerConfig, "dataplaneAckTimeoutMs">, effect: Pick<DataplaneEffect, "slowWorkMs">): number {
  return (config.dataplaneAckTimeoutMs ?? DEFAULT_DATAPLANE_ACK_TIMEOUT_MS) + (effect.slowWorkMs ?? 0);
}
