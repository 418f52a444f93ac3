import { z } from "zod";

export const GNS3_VM_ENGINE_IDS = ["vmware", "virtualbox", "hyper-v", "remote"] as const;

/** GNS3 VM settings as clients read and write them (`/v2/gns3vm`). */
export const gns3VmSettings = z.strictObject({
  allocate_vcpus_ram: z.boolean(),
  enable: z.boolean(),
  engine: z.enum(GNS3_VM_ENGINE_IDS).nullable(),
  headless: z.boolean(),
  port: z.int().min(1).max(65535),
  ram: z.int().min(0),
  vcpus: z.int().min(0),
  vmname: z.string().nullable(),
  when_exit: z.enum(["stop", "suspend", "keep"]),
});
export type Gns3VmSettings = z.infer<typeof gns3VmSettings>;

export const gns3VmSettingsUpdate = gns3VmSettings.partial();

export const gns3VmEngine = z.object({
  description: z.string(),
  engine_id: z.string(),
  name: z.string(),
  support_headless: z.boolean(),
  support_ram: z.boolean(),
  support_when_exit: z.boolean(),
});
export type Gns3VmEngine = z.infer<typeof gns3VmEngine>;
