import { z } from "zod";

export const versionCheck = z.strictObject({ version: z.string(), local: z.boolean().optional() });

export const versionWire = z.object({ local: z.boolean(), version: z.string() });

export const routerLicense = z.strictObject({ iourc_content: z.string(), license_check: z.boolean() }).partial();
export type RouterLicense = z.infer<typeof routerLicense>;

export const errorWire = z.object({ message: z.string(), status: z.int() });
