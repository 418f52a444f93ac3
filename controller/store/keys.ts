/** Where each record lives. One place, so a backend or a migration can see the whole layout. */
export const keys = {
  project: (projectId: string) => `projects/${projectId}`,
  projectPrefix: (projectId: string) => `projects/${projectId}/`,
  projectsPrefix: () => "projects/",
  projectName: (name: string) => `project-names/${name}`,
  node: (projectId: string, nodeId: string) => `projects/${projectId}/nodes/${nodeId}`,
  nodesPrefix: (projectId: string) => `projects/${projectId}/nodes/`,
  nodeName: (projectId: string, name: string) => `projects/${projectId}/node-names/${name}`,
  link: (projectId: string, linkId: string) => `projects/${projectId}/links/${linkId}`,
  linksPrefix: (projectId: string) => `projects/${projectId}/links/`,
  /** A port's claim: holds the id of the link that uses it. */
  port: (projectId: string, nodeId: string, adapter: number, port: number) =>
    `projects/${projectId}/ports/${nodeId}/${adapter}/${port}`,
  portsPrefix: (projectId: string) => `projects/${projectId}/ports/`,
  nodePortsPrefix: (projectId: string, nodeId: string) => `projects/${projectId}/ports/${nodeId}/`,
  drawing: (projectId: string, drawingId: string) => `projects/${projectId}/drawings/${drawingId}`,
  drawingsPrefix: (projectId: string) => `projects/${projectId}/drawings/`,
  snapshot: (projectId: string, snapshotId: string) => `projects/${projectId}/snapshots/${snapshotId}`,
  snapshotsPrefix: (projectId: string) => `projects/${projectId}/snapshots/`,
  /** A snapshot name's claim in its project: holds the snapshot id, so two snapshots never share a name. */
  snapshotName: (projectId: string, name: string) => `projects/${projectId}/snapshot-names/${name}`,
  /** A console port's claim on a compute: holds the node id. */
  consolePort: (computeId: string, port: number) => `consoles/${computeId}/${String(port).padStart(5, "0")}`,
  consolePortsPrefix: (computeId: string) => `consoles/${computeId}/`,
  computeProject: (projectId: string) => `compute-projects/${projectId}`,
  computeProjectsPrefix: () => "compute-projects/",
  setting: (name: string) => `settings/${name}`,
  /** A `/v3` user (see access/users.ts), by id. */
  user: (userId: string) => `access/users/${userId}`,
  usersPrefix: () => "access/users/",
  /** A user name's claim: holds the user id, so two users never share a name (or an email). */
  userName: (username: string) => `access/user-names/${username}`,
  userEmail: (email: string) => `access/user-emails/${email}`,
  /** The superadmin's user id, once it is made. */
  superadmin: () => "access/superadmin",
  /** A template a client created (built-ins are not stored). */
  template: (templateId: string) => `templates/${templateId}`,
  templatesPrefix: () => "templates/",
  compute: (computeId: string) => `computes/${computeId}`,
  /** A registered host's own daemon token, as its hash (see services/host-tokens.ts); outside `computes/`, which is listed to clients. */
  computeToken: (computeId: string) => `compute-tokens/${computeId}`,
  /** What a dataplane host announced in its last Hello (address, tunnel port range, connected). */
  dataplaneHost: (hostId: string) => `dataplane/hosts/${hostId}`,
  dataplaneHostsPrefix: () => "dataplane/hosts/",
  /** The last desired-state revision sent to a host; only grows, across restarts too. */
  dataplaneRevision: (hostId: string) => `dataplane/revisions/${hostId}`,
  /** The host's last Ack with its per-item errors. */
  dataplaneAck: (hostId: string) => `dataplane/acks/${hostId}`,
  /** What the host's machine offers QEMU (binaries, KVM), as its daemon last reported it. */
  dataplaneHostFacts: (hostId: string) => `dataplane/host-facts/${hostId}`,
  dataplaneHostFactsPrefix: () => "dataplane/host-facts/",
  /** A host's UDP port claimed for one end of a cross-host link's tunnel: holds the link. */
  tunnelPort: (hostId: string, port: number) => `dataplane/tunnel-ports/${hostId}/${String(port).padStart(5, "0")}`,
  tunnelPortsPrefix: (hostId: string) => `dataplane/tunnel-ports/${hostId}/`,
  /** The same claim seen from the link, so one link never takes two ports on a host. */
  linkTunnelPort: (projectId: string, linkId: string, hostId: string) => `dataplane/link-tunnels/${projectId}/${linkId}/${hostId}`,
  /**
   * The projects a host has (or had) nodes of, written with each node placed there, so a push
   * to the host reads only those projects; removed with the project.
   */
  hostProject: (hostId: string, projectId: string) => `dataplane/host-projects/${hostId}/${projectId}`,
  hostProjectsPrefix: (hostId: string) => `dataplane/host-projects/${hostId}/`,
  everyHostProjectsPrefix: () => "dataplane/host-projects/",
  /** Set once every node of a store from before the host index is in it. */
  hostIndexBuilt: () => "dataplane/host-index-built",
  /** Changes with every commit that touches the project; validates cached list bodies. */
  projectStamp: (projectId: string) => `stamps/projects/${projectId}`,
} as const;

/** `projects/` also prefixes sub-records; a project record's key has exactly one slash. */
export function isProjectRecordKey(key: string): boolean {
  return key.indexOf("/") === key.lastIndexOf("/");
}
