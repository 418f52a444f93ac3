/**
 * A Docker node's properties as GNS3 2.2 spells them, checked when a client sends them: what a
 * container could not be made from is a 400 naming the property, never a failed start later.
 */
import { splitShellWords } from "@shared/shell-words";
import { invalidRequest } from "./errors";

/**
 * Each adapter is a TAP and a relay held for the container's life, and the init waits for all
 * of them before the image runs. GNS3 lets a template ask for 99; its registry's largest Docker
 * appliance (Open vSwitch) has 16. Twice that is the limit here.
 */
export const DOCKER_MAX_ADAPTERS = 32;

/** The node file the web UI's "Edit config" opens, mounted as the container's /etc/network. */
export const DOCKER_NETWORK_CONFIG = "etc/network/interfaces";

/** Environment names GNS3 keeps for its own init: a user's line naming one is refused. */
const RESERVED_PREFIX = "GNS3_";
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export interface ExtraHost {
  name: string;
  address: string;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The environment's lines as `NAME=value`, blank lines skipped; throws a 400 naming the first bad line. */
export function environmentLines(environment: unknown): string[] {
  const lines: string[] = [];
  text(environment)
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === "") return;
      const equals = line.indexOf("=");
      const name = equals < 0 ? line : line.slice(0, equals);
      if (equals < 0) throw invalidRequest(`properties.environment line ${index + 1} '${line}' is not NAME=value`);
      if (!ENVIRONMENT_NAME.test(name)) throw invalidRequest(`properties.environment line ${index + 1} '${line}': '${name}' is not a variable name`);
      if (name.startsWith(RESERVED_PREFIX)) throw invalidRequest(`properties.environment line ${index + 1}: names starting with ${RESERVED_PREFIX} are the server's own`);
      lines.push(line);
    });
  return lines;
}

/**
 * `extra_hosts` lines as GNS3 reads them, `name:address`, blank lines skipped. The address is
 * everything after the first colon, so an IPv6 address is taken whole.
 */
export function extraHosts(value: unknown): ExtraHost[] {
  const hosts: ExtraHost[] = [];
  text(value)
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === "") return;
      const colon = line.indexOf(":");
      const name = colon < 0 ? "" : line.slice(0, colon).trim();
      const address = colon < 0 ? "" : line.slice(colon + 1).trim();
      if (name === "" || address === "" || /\s/.test(name) || /\s/.test(address)) {
        throw invalidRequest(`properties.extra_hosts line ${index + 1} '${line}' is not HOSTNAME:ADDRESS`);
      }
      hosts.push({ name, address });
    });
  return hosts;
}

/** The start command's words; empty: the image's own command. */
export function startCommand(value: unknown): string[] {
  try {
    return splitShellWords(text(value).trim(), "properties.start_command");
  } catch (error) {
    throw invalidRequest((error as Error).message);
  }
}

/** Folders kept across restarts: absolute, without `..`, as GNS3 requires. */
export function extraVolumes(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidRequest("properties.extra_volumes must be a list of absolute paths");
  return value.map((volume: unknown) => {
    if (typeof volume !== "string" || !volume.startsWith("/") || volume.includes("..") || volume.includes(":")) {
      throw invalidRequest(`Persistent volume ${JSON.stringify(volume)} has invalid format: it must start with a '/' and contain neither '..' nor ':'`);
    }
    return volume;
  });
}

/** The image with its tag: GNS3 adds `:latest` to a name without one (a registry's port is no tag). */
export function taggedImage(image: string): string {
  const lastSegment = image.slice(image.lastIndexOf("/") + 1);
  return lastSegment.includes(":") || lastSegment.includes("@") ? image : `${image}:latest`;
}

/** Checks what a client sent for a Docker node; returns the properties with `image` tagged. */
export function checkDockerProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const image = properties.image;
  if (typeof image !== "string" || image.trim() === "" || /\s/.test(image.trim())) {
    throw invalidRequest(`properties.image must name a Docker image (such as alpine:3.20), got ${JSON.stringify(image)}`);
  }
  const adapters = properties.adapters ?? 1;
  if (typeof adapters !== "number" || !Number.isInteger(adapters) || adapters < 1 || adapters > DOCKER_MAX_ADAPTERS) {
    throw invalidRequest(`properties.adapters must be an integer from 1 to ${DOCKER_MAX_ADAPTERS} for a Docker node (each is an ethN of the container), got ${JSON.stringify(adapters)}`);
  }
  environmentLines(properties.environment);
  extraHosts(properties.extra_hosts);
  startCommand(properties.start_command);
  extraVolumes(properties.extra_volumes);
  return { ...properties, image: taggedImage(image.trim()) };
}

/** The sample etc/network/interfaces GNS3 writes for a new container: every line commented out. */
export function sampleNetworkConfig(adapters: number, hostname: string): string {
  const sections = Array.from(
    { length: adapters },
    (_, adapter) => `
# Static config for eth${adapter}
#auto eth${adapter}
#iface eth${adapter} inet static
#\taddress 192.168.${adapter}.2
#\tnetmask 255.255.255.0
#\tgateway 192.168.${adapter}.1
#\tup echo nameserver 192.168.${adapter}.1 > /etc/resolv.conf

# DHCP config for eth${adapter}
#auto eth${adapter}
#iface eth${adapter} inet dhcp
#\thostname ${hostname}
`,
  );
  return `#
# This is a sample network config, please uncomment lines to configure the network
#

# Uncomment this line to load custom interface files
# source /etc/network/interfaces.d/*
${sections.join("")}`;
}
