import type { Gns3VmSettings } from "@shared/schemas/gns3vm";
import type { ControllerDeps } from "../deps";
import { GNS3_VM_DEFAULTS, updatedGns3VmSettings } from "../domain/gns3vm";
import { keys } from "../store/keys";

export async function loadGns3VmSettings(deps: ControllerDeps): Promise<Gns3VmSettings> {
  return (await deps.store.get<Gns3VmSettings>(keys.setting("gns3vm"))) ?? GNS3_VM_DEFAULTS;
}

/** Last writer wins, as for GNS3's settings: each update is a whole, valid set of settings. */
export async function updateGns3VmSettings(deps: ControllerDeps, update: Partial<Gns3VmSettings>): Promise<Gns3VmSettings> {
  const next = updatedGns3VmSettings(await loadGns3VmSettings(deps), update);
  await deps.store.commit([{ key: keys.setting("gns3vm"), value: next }]);
  return next;
}
