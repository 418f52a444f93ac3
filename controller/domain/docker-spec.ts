import type { DockerSpec } from "@shared/proto";
import { environmentLines, extraHosts, extraVolumes, startCommand, taggedImage } from "./docker-properties";
import { NODE_TYPE_TRAITS } from "./node-types";
import type { NodeRecord } from "./nodes";
import type { ProjectRecord } from "./projects";

type ProjectVariable = NonNullable<ProjectRecord["variables"]>[number];

/** `${NAME}` of each project variable replaced by its value, as GNS3 formats environment values. */
function withVariables(text: string, variables: readonly ProjectVariable[]): string {
  return variables.reduce((formatted, variable) => formatted.replaceAll(`\${${variable.name}}`, variable.value ?? ""), text);
}

/**
 * A Docker node as its host runs it, from GNS3 2.2's properties: the project's variables first
 * (each `NAME=value`), then the node's environment lines with `${VAR}`, `%vm-name%`, `%vm-id%`
 * and `%project-id%` replaced; each adapter with the MAC its port shows. Properties were
 * checked when stored; a project imported with bad ones is refused here, with the reason.
 */
export function dockerSpec(node: NodeRecord, variables: readonly ProjectVariable[], networkInterfaces: string): DockerSpec | string {
  const properties = node.properties;
  try {
    const nodeValues: Record<string, string> = { "%vm-name%": node.name, "%vm-id%": node.node_id, "%project-id%": node.project_id };
    const environment = [
      ...variables.map((variable) => `${variable.name}=${withVariables(variable.value ?? "", variables)}`),
      ...environmentLines(properties.environment).map((line) => withVariables(line, variables).replace(/%(vm-name|vm-id|project-id)%/g, (placeholder) => nodeValues[placeholder]!)),
    ];
    const ports = NODE_TYPE_TRAITS.docker.creation?.ports(node) ?? [];
    return {
      image: taggedImage(typeof properties.image === "string" ? properties.image : ""),
      command: startCommand(properties.start_command),
      environment,
      extraHosts: extraHosts(properties.extra_hosts),
      extraVolumes: extraVolumes(properties.extra_volumes),
      consoleType: node.console_type ?? "none",
      auxPort: typeof properties.aux === "number" ? properties.aux : 0,
      adapters: ports.map((port) => ({ adapterNumber: port.adapter_number, macAddress: String(port.mac_address ?? "") })),
      networkInterfaces,
    };
  } catch (error) {
    return `${node.name}: ${(error as Error).message}`;
  }
}
