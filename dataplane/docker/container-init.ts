/**
 * Our init for Docker nodes: the container's entrypoint, run by the static busybox mounted at
 * /gns3, before the image's own entrypoint and command. It is ours (GNS3 has its own init.sh
 * for the same jobs); what it is given comes in GNS3_* variables of the container's environment.
 *
 * - GNS3_VOLUMES: folders kept in the node's folder on the host (/etc/network and the node's
 *   extra_volumes), bind-mounted over the image's; the first start copies the image's content
 *   into an empty one.
 * - GNS3_EXTRA_HOSTS: lines for /etc/hosts, between markers, replaced at each start.
 * - GNS3_ADAPTERS: how many ethN the host moves in; the image waits for all of them (at most
 *   GNS3_WAIT_S seconds, then it starts anyway and says which are missing on the console).
 * - /etc/network/interfaces is applied with the image's ifup if it has one, else busybox's.
 * - GNS3_USER: the image's own user, whom the command runs as (the init runs as root).
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const INIT_PATH = "/gns3/init.sh";
/** Where the host's folders for GNS3_VOLUMES are mounted in the container, before the init binds them in place. */
export const VOLUMES_MOUNT = "/gns3volumes";
/** Marks a kept folder that already holds the image's content (or the node's own). */
const FILLED_MARK = ".gns3_filled";

export const INIT_SCRIPT = `#!/gns3/bin/busybox sh
# The dataplane's init for Docker nodes (see dataplane/docker/container-init.ts).
IMAGE_PATH="$PATH"
bb=/gns3/bin/busybox
# One process makes every applet's link (a link each from a loop costs a process each: 20
# containers starting together spent seconds of CPU on it).
if [ ! -d /tmp/gns3/bin ]; then
  $bb mkdir -p /tmp/gns3/bin
  $bb --install -s /tmp/gns3/bin
fi
PATH=/tmp/gns3/bin

echo "$GNS3_VOLUMES" | tr ':' '\\n' | while read -r folder; do
  [ -n "$folder" ] || continue
  mkdir -p "$folder" "${VOLUMES_MOUNT}$folder"
  if [ ! -e "${VOLUMES_MOUNT}$folder/${FILLED_MARK}" ]; then
    cp -a "$folder/." "${VOLUMES_MOUNT}$folder/" 2>/dev/null
    touch "${VOLUMES_MOUNT}$folder/${FILLED_MARK}"
  fi
  mount --bind "${VOLUMES_MOUNT}$folder" "$folder"
done

[ -s /etc/hosts ] || printf '127.0.0.1\\tlocalhost\\n::1\\tlocalhost ip6-localhost ip6-loopback\\n127.0.1.1\\t%s\\n' "$HOSTNAME" > /etc/hosts
# Rewritten in place: Docker bind-mounts /etc/hosts, which sed -i's rename cannot replace.
hosts=$(sed '/^# GNS3_EXTRA_HOSTS_START/,/^# GNS3_EXTRA_HOSTS_END/d' /etc/hosts)
printf '%s\\n' "$hosts" > /etc/hosts
if [ -n "$GNS3_EXTRA_HOSTS" ]; then
  printf '# GNS3_EXTRA_HOSTS_START\\n%s\\n# GNS3_EXTRA_HOSTS_END\\n' "$GNS3_EXTRA_HOSTS" >> /etc/hosts
fi

ip link set dev lo up
ticks=0
while :; do
  missing=""
  n=0
  while [ "$n" -lt "\${GNS3_ADAPTERS:-0}" ]; do
    [ -e "/sys/class/net/eth$n" ] || missing="$missing eth$n"
    n=$((n + 1))
  done
  [ -z "$missing" ] && break
  if [ "$ticks" -ge $((\${GNS3_WAIT_S:-30} * 10)) ]; then
    echo "gns3 init: starting without$missing, which did not appear in \${GNS3_WAIT_S:-30} s" >&2
    break
  fi
  usleep 100000
  ticks=$((ticks + 1))
done
for dev in /sys/class/net/eth*; do
  [ -e "$dev" ] && ip link set dev "\${dev##*/}" up
done

if [ -s /etc/network/interfaces ]; then
  mkdir -p /run/network /var/run/network 2>/dev/null
  IFUP=$(PATH="$IMAGE_PATH" command -v ifup || echo /tmp/gns3/bin/ifup)
  PATH="$IMAGE_PATH:/tmp/gns3/bin" "$IFUP" -a -f 2>&1 | sed 's/^/gns3 init: ifup: /' >&2
fi

PATH="$IMAGE_PATH"
export PATH
[ "$#" -gt 0 ] || set -- /bin/sh
case "\${GNS3_USER:-root}" in
  root|0) exec "$@" ;;
  *) exec /gns3/bin/busybox su -p -s /tmp/gns3/bin/sh "$GNS3_USER" -c 'exec "$0" "$@"' "$@" ;;
esac
`;

/**
 * Puts the init and the static busybox in `dir` (`<data dir>/docker/resources`), mounted
 * read-only at /gns3 in every container. Written to a temporary name and renamed, so a
 * container starting meanwhile never sees half a file.
 */
export function installResources(dir: string, busybox: string): void {
  mkdirSync(join(dir, "bin"), { recursive: true });
  const place = (target: string, write: (path: string) => void) => {
    const temporary = `${target}.${process.pid}.new`;
    write(temporary);
    chmodSync(temporary, 0o755);
    renameSync(temporary, target);
  };
  const initPath = join(dir, "init.sh");
  const current = (() => {
    try {
      return readFileSync(initPath, "utf8");
    } catch {
      return null;
    }
  })();
  if (current !== INIT_SCRIPT) place(initPath, (path) => writeFileSync(path, INIT_SCRIPT));
  place(join(dir, "bin", "busybox"), (path) => copyFileSync(busybox, path));
}
