import { z } from "zod";
import { uuid } from "./common";

const supplier = z.strictObject({ logo: z.string(), url: z.string() }).nullable();
const variables = z.array(z.strictObject({ name: z.string().min(1), value: z.string().optional() })).nullable();

const projectSettings = {
  auto_close: z.boolean(),
  auto_open: z.boolean(),
  auto_start: z.boolean(),
  scene_height: z.int(),
  scene_width: z.int(),
  zoom: z.int(),
  show_layers: z.boolean(),
  snap_to_grid: z.boolean(),
  show_grid: z.boolean(),
  grid_size: z.int(),
  drawing_grid_size: z.int(),
  show_interface_labels: z.boolean(),
  supplier,
  variables,
};

export const projectCreate = z
  .strictObject({
    name: z.string().min(1),
    project_id: uuid.nullable(),
    path: z.string().min(1).nullable(),
    ...projectSettings,
  })
  .partial()
  .required({ name: true });

export const projectUpdate = z
  .strictObject({ name: z.string().min(1), path: z.string().nullable(), ...projectSettings })
  .partial();

/** GNS3 takes the creation fields and uses only `name` (null: the source's own), `path` and `reset_mac_addresses`. */
export const projectDuplicate = projectCreate.extend({ name: z.string().min(1).nullable(), reset_mac_addresses: z.boolean().optional() });

export const projectLoad = z.strictObject({ path: z.string().min(1) });

export type ProjectCreate = z.infer<typeof projectCreate>;
export type ProjectDuplicate = z.infer<typeof projectDuplicate>;
export type ProjectUpdate = z.infer<typeof projectUpdate>;
export type ProjectSettings = { [K in keyof typeof projectSettings]: z.infer<(typeof projectSettings)[K]> };

export const projectWire = z.object({
  auto_close: z.boolean(),
  auto_open: z.boolean(),
  auto_start: z.boolean(),
  drawing_grid_size: z.int(),
  filename: z.string(),
  grid_size: z.int(),
  name: z.string(),
  path: z.string(),
  project_id: uuid,
  scene_height: z.int(),
  scene_width: z.int(),
  show_grid: z.boolean(),
  show_interface_labels: z.boolean(),
  show_layers: z.boolean(),
  snap_to_grid: z.boolean(),
  status: z.enum(["opened", "closed"]),
  supplier,
  variables,
  zoom: z.int(),
});
export type ProjectWire = z.infer<typeof projectWire>;
