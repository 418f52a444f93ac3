import { z } from "zod";

/** The QEMU architectures GNS3 knows, `""` standing for the one of the binary a template names. */
export const QEMU_PLATFORMS = [
  "aarch64", "alpha", "arm", "cris", "i386", "lm32", "m68k", "microblaze", "microblazeel", "mips", "mips64", "mips64el", "mipsel",
  "moxie", "or32", "ppc", "ppc64", "ppcemb", "s390x", "sh4", "sh4eb", "sparc", "sparc64", "tricore", "unicore32", "x86_64", "xtensa",
  "xtensaeb", "",
] as const;

export const qemuBinary = z.object({ path: z.string(), version: z.string() });
export type QemuBinary = z.infer<typeof qemuBinary>;

/** `GET …/qemu/capabilities`: the QEMU platforms KVM accelerates on the compute. */
export const qemuCapabilitiesWire = z.object({ kvm: z.array(z.string()) });

export const imageWire = z.object({ filename: z.string(), filesize: z.int(), md5sum: z.string(), path: z.string() });

const port = z.int().min(1).max(65535);
export const computePortsWire = z.object({
  console_port_range: z.tuple([port, port]),
  console_ports: z.array(port),
  udp_port_range: z.tuple([port, port]),
  udp_ports: z.array(port),
});

/** A host's figures as a GNS3 compute reports them (`GET /v2/compute/statistics`); memory in bytes. */
export const computeStatistics = z.object({
  cpu_usage_percent: z.int(),
  disk_usage_percent: z.int(),
  load_average_percent: z.array(z.int()),
  memory_free: z.int(),
  memory_total: z.int(),
  memory_usage_percent: z.int(),
  memory_used: z.int(),
  swap_free: z.int(),
  swap_total: z.int(),
  swap_usage_percent: z.int(),
  swap_used: z.int(),
});
export type ComputeStatistics = z.infer<typeof computeStatistics>;

export const statisticsWire = z.array(z.object({ compute_id: z.string(), compute_name: z.string(), statistics: computeStatistics }));

/**
 * What a dataplane host's id may be: its compute id, a key in the controller's store and a
 * word in logs. GNS3 clients make compute ids with uuid4, which fits.
 */
export const HOST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const HOST_ID_RULE = "1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit";

const computeFields = {
  compute_id: z.string().regex(HOST_ID_PATTERN, `compute_id must be ${HOST_ID_RULE}`),
  name: z.string().min(1).max(255),
  protocol: z.enum(["http", "https"]),
  host: z.string().max(255),
  port: z.int().min(0).max(65535),
  user: z.string().max(255).nullable(),
  password: z.string().max(1024).nullable(),
};

/** `POST /v2/computes`, as GNS3's schema: protocol, host and port required, nothing unknown. */
export const computeCreate = z.strictObject({
  ...computeFields,
  compute_id: computeFields.compute_id.optional(),
  name: computeFields.name.optional(),
  user: computeFields.user.optional(),
  password: computeFields.password.optional(),
});
export type ComputeCreate = z.infer<typeof computeCreate>;

/** `PUT /v2/computes/{id}`: any of the fields; a `compute_id` in the body is ignored, as GNS3 does (the GUI sends it). */
export const computeUpdate = z.strictObject({ ...computeFields, compute_id: z.string().optional() }).partial();
export type ComputeUpdate = z.infer<typeof computeUpdate>;

/**
 * `POST /v2/computes/{id}/auto_idlepc`, as the Qt GUI's IOS router wizard sends it: the router it
 * is about to make a template of. GNS3's compute checks the platform's shape; which platforms
 * exist is the controller's to say.
 */
export const autoIdlePcRequest = z.object({ platform: z.string().regex(/^c[0-9]{4}$/), image: z.string().min(1), ram: z.int().positive() });
export type AutoIdlePcRequest = z.infer<typeof autoIdlePcRequest>;

/** GNS3's console port range on every compute (`console_start_port_range`–`console_end_port_range`). */
export const CONSOLE_PORT_RANGE = { first: 5000, last: 10000 } as const;
