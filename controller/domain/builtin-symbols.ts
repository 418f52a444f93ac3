/**
 * The built-in node symbols, drawn for this server and kept as text so that they are served
 * the same on Workers, which has no file system. Their sizes are those of GNS3's classic
 * symbols of the same names, because node labels and the clients' maps are placed from them.
 */

const BLUE = "#2f6fad";
const LIGHT_BLUE = "#5d9bd8";
const DARK_BLUE = "#1e4f80";
const OUTLINE = "#163a5e";
const CASE = "#dfe5ec";
const CASE_EDGE = "#5a6a7a";
const SCREEN = "#24507a";

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** An arrow from (x1, y1) to (x2, y2) with its head at the end. */
function arrow(x1: number, y1: number, x2: number, y2: number, color = "#fff", width = 2): string {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = (side: number) => {
    const a = angle + Math.PI + side * 0.55;
    return `${(x2 + 5 * Math.cos(a)).toFixed(1)},${(y2 + 5 * Math.sin(a)).toFixed(1)}`;
  };
  return (
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>` +
    `<polygon points="${x2},${y2} ${head(1)} ${head(-1)}" fill="${color}"/>`
  );
}

/** A desktop computer, 65×59: monitor, stand and keyboard; `screen` is drawn on the 41×27 screen at (12, 6). */
function computer(screen: string): string {
  return svg(
    65,
    59,
    `<rect x="8" y="1.5" width="49" height="36" rx="3" fill="${CASE}" stroke="${CASE_EDGE}" stroke-width="1.5"/>` +
      `<rect x="12" y="5.5" width="41" height="28" rx="1.5" fill="${SCREEN}"/>` +
      screen +
      `<rect x="28" y="37.5" width="9" height="6" fill="#b9c3ce" stroke="${CASE_EDGE}"/>` +
      `<rect x="19" y="43.5" width="27" height="3.5" rx="1.5" fill="${CASE}" stroke="${CASE_EDGE}"/>` +
      `<polygon points="5,57.5 60,57.5 55.5,49.5 9.5,49.5" fill="${CASE}" stroke="${CASE_EDGE}" stroke-width="1.2" stroke-linejoin="round"/>` +
      `<path d="M12 52.2H53M10.5 54.8H54.5" stroke="#9aa7b4" stroke-width="1" stroke-dasharray="2.5 1"/>`,
  );
}

const GLARE = `<polygon points="12,5.5 31,5.5 17,33.5 12,33.5" fill="#fff" opacity="0.12"/>`;

/** A box seen from above-right, 72×32, as switches and hubs are drawn; `front` goes on its 58×21 front at (2, 9). */
function flatBox(front: string): string {
  return svg(
    72,
    32,
    `<polygon points="2,9 12,1.5 70,1.5 60,9" fill="${LIGHT_BLUE}" stroke="${OUTLINE}" stroke-linejoin="round"/>` +
      `<polygon points="60,9 70,1.5 70,23 60,30.5" fill="${DARK_BLUE}" stroke="${OUTLINE}" stroke-linejoin="round"/>` +
      `<rect x="2" y="9" width="58" height="21.5" fill="${BLUE}" stroke="${OUTLINE}"/>` +
      front,
  );
}

/** A cube, 51×48, as multilayer, Frame Relay and ATM switches are drawn; `front` goes on its 38×34 front at (2, 12). */
function cube(top: string, front: string): string {
  return svg(
    51,
    48,
    `<polygon points="2,12 12,2 49,2 39,12" fill="${LIGHT_BLUE}" stroke="${OUTLINE}" stroke-linejoin="round"/>` +
      `<polygon points="39,12 49,2 49,36 39,46" fill="${DARK_BLUE}" stroke="${OUTLINE}" stroke-linejoin="round"/>` +
      `<rect x="2" y="12" width="37" height="34" fill="${BLUE}" stroke="${OUTLINE}"/>` +
      top +
      front,
  );
}

const CLOUD_OUTLINE = "M40 65H122A22 22 0 0 0 131 23A27 27 0 0 0 87 12A31 31 0 0 0 37 24A21 21 0 0 0 40 65Z";

function cloud(inside: string): string {
  return svg(
    159,
    71,
    `<path d="${CLOUD_OUTLINE}" fill="#e6f0fa" stroke="#4a7fb5" stroke-width="2.5" stroke-linejoin="round"/>` +
      `<path d="M47 58H118" stroke="#c5daf0" stroke-width="3" stroke-linecap="round"/>` +
      inside,
  );
}

/** File name → SVG text; the ids are `:/symbols/classic/<file name>`. */
export const BUILTIN_SYMBOL_FILES: Readonly<Record<string, string>> = {
  "computer.svg": computer(GLARE),
  "vpcs_guest.svg": computer(
    `<path d="M17 12l6 4.5-6 4.5" fill="none" stroke="#9fe09f" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M26 22h9" stroke="#9fe09f" stroke-width="2.2" stroke-linecap="round"/>` +
      `<path d="M17 27.5h28M17 30.5h18" stroke="#7fa7cc" stroke-width="1"/>`,
  ),
  "qemu_guest.svg": computer(
    `<circle cx="32.5" cy="18.5" r="8" fill="none" stroke="#f39c32" stroke-width="3"/>` +
      `<path d="M36.5 22.5l5 5" stroke="#f39c32" stroke-width="3" stroke-linecap="round"/>`,
  ),
  "docker_guest.svg": computer(
    [0, 1, 2].map((i) => `<rect x="${21 + i * 7.5}" y="17" width="6.5" height="5.5" fill="#58b7e8" stroke="#d6eefa" stroke-width="0.6"/>`).join("") +
      [0, 1].map((i) => `<rect x="${28.5 + i * 7.5}" y="11" width="6.5" height="5.5" fill="#58b7e8" stroke="#d6eefa" stroke-width="0.6"/>`).join("") +
      `<path d="M17 24h31c-1.5 5-6 7.5-14 7.5s-14-2.5-17-7.5z" fill="#58b7e8"/>`,
  ),
  "vbox_guest.svg": computer(
    `<polygon points="32.5,9 42,14 32.5,19 23,14" fill="#8fc1ea"/>` +
      `<polygon points="23,14 32.5,19 32.5,30 23,25" fill="#3b7dc0"/>` +
      `<polygon points="42,14 32.5,19 32.5,30 42,25" fill="#2a5f96"/>`,
  ),
  "vmware_guest.svg": computer(
    `<rect x="20" y="10" width="15" height="15" rx="2.5" fill="none" stroke="#a8d08d" stroke-width="2.5"/>` +
      `<rect x="30" y="14" width="15" height="15" rx="2.5" fill="none" stroke="#e8e8e8" stroke-width="2.5"/>`,
  ),
  "traceng.svg": computer(
    `<path d="M18 28L27 14L37 24L47 10" fill="none" stroke="#ffd166" stroke-width="1.8" stroke-dasharray="3 2"/>` +
      [[18, 28], [27, 14], [37, 24], [47, 10]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.4" fill="#ffd166"/>`).join(""),
  ),
  "ethernet_switch.svg": flatBox(arrow(10, 15, 28, 15) + arrow(34, 15, 52, 15) + arrow(28, 24.5, 10, 24.5) + arrow(52, 24.5, 34, 24.5)),
  "hub.svg": flatBox(
    `<path d="M9 19.5H53" stroke="#fff" stroke-width="2" stroke-linecap="round"/>` +
      [14, 24, 34, 44].map((x) => `<path d="M${x} 19.5V26" stroke="#fff" stroke-width="2"/><circle cx="${x}" cy="26" r="2" fill="#fff"/>`).join("") +
      `<circle cx="31" cy="14" r="2.6" fill="#fff"/>`,
  ),
  "cloud.svg": cloud(""),
  "nat.svg": cloud(
    `<rect x="58" y="24" width="43" height="30" rx="4" fill="${BLUE}" stroke="${OUTLINE}"/>` +
      arrow(64, 33, 94, 33) +
      arrow(94, 45, 64, 45),
  ),
  "router.svg": svg(
    66,
    45,
    `<path d="M3 14V31A30 11 0 0 0 63 31V14Z" fill="${BLUE}" stroke="${OUTLINE}"/>` +
      `<ellipse cx="33" cy="14" rx="30" ry="11" fill="${LIGHT_BLUE}" stroke="${OUTLINE}"/>` +
      arrow(12, 8.5, 26, 12.5) +
      arrow(54, 19.5, 40, 15.5) +
      arrow(27, 16, 14, 20) +
      arrow(39, 12, 52, 8),
  ),
  "firewall.svg": svg(
    66,
    45,
    `<polygon points="3,12 13,3 63,3 53,12" fill="#e07a5f" stroke="#7a2e1d" stroke-linejoin="round"/>` +
      `<polygon points="53,12 63,3 63,34 53,43" fill="#8f3622" stroke="#7a2e1d" stroke-linejoin="round"/>` +
      `<rect x="3" y="12" width="50" height="31" fill="#c0492b" stroke="#7a2e1d"/>` +
      `<path d="M3 19.75H53M3 27.5H53M3 35.25H53" stroke="#f3d9cf" stroke-width="1.2"/>` +
      `<path d="M15.5 12V19.75M40.5 12V19.75M28 19.75V27.5M15.5 27.5V35.25M40.5 27.5V35.25M28 35.25V43" stroke="#f3d9cf" stroke-width="1.2"/>`,
  ),
  "multilayer_switch.svg": cube(
    arrow(25, 7, 36, 7, "#fff", 1.6) + arrow(24, 7, 13, 7, "#fff", 1.6),
    arrow(8, 20, 33, 20) + arrow(33, 29, 8, 29) + arrow(8, 38, 33, 38),
  ),
  "frame_relay_switch.svg": cube(
    "",
    `<path d="M23 16L13 30H21L15 42L31 25H22L28 16Z" fill="#ffd166" stroke="${OUTLINE}" stroke-width="0.8" stroke-linejoin="round"/>`,
  ),
  "atm_switch.svg": cube("", arrow(8, 18, 19, 27) + arrow(33, 40, 22, 31) + arrow(33, 18, 22, 27) + arrow(8, 40, 19, 31)),
};
