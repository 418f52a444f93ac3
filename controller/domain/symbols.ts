import { BUILTIN_SYMBOL_FILES } from "./builtin-symbols";
import { imageSize } from "./image-size";
import { roundHalfEven } from "./rounding";

/** Where GNS3 lists its built-in symbols; nodes name them by the older `:/symbols/<file>` too. */
const BUILTIN_PREFIX = ":/symbols/classic/";
const BUILTIN_THEME = "Classic";
const CUSTOM_THEME = "Custom symbols";

/** What GNS3 serves for an id nothing else matches. */
export const DEFAULT_SYMBOL_FILE = "computer.svg";

/** A node's symbol when it names none or an unknown built-in one, as GNS3. */
const DEFAULT_SYMBOL = ":/symbols/computer.svg";

/** An entry of `GET /v2/symbols`, keys in GNS3's sorted order. */
export interface SymbolEntry {
  builtin: boolean;
  filename: string;
  symbol_id: string;
  theme: string;
}

/**
 * The symbol each kind of node gets in each of GNS3's themes (`GET /v2/default_symbols`). The
 * classic theme is drawn here; the others name GNS3's Affinity files, which this server serves
 * as the classic symbol for the same kind of node (see `builtinSymbolFile`).
 */
const THEME_FILES: ReadonlyArray<[kind: string, classic: string, affinity: string]> = [
  ["atm_switch", "atm_switch.svg", "atm.svg"],
  ["cloud", "cloud.svg", "cloud.svg"],
  ["computer", "computer.svg", "client.svg"],
  ["docker_guest", "docker_guest.svg", "docker.svg"],
  ["ethernet_hub", "hub.svg", "hub.svg"],
  ["ethernet_switch", "ethernet_switch.svg", "switch.svg"],
  ["firewall", "firewall.svg", "firewall3.svg"],
  ["frame_relay_switch", "frame_relay_switch.svg", "isdn.svg"],
  ["multilayer_switch", "multilayer_switch.svg", "switch_multilayer.svg"],
  ["nat", "nat.svg", "nat.svg"],
  ["qemu_guest", "qemu_guest.svg", "client_vm.svg"],
  ["router", "router.svg", "router.svg"],
  ["vbox_guest", "vbox_guest.svg", "virtualbox.svg"],
  ["vmware_guest", "vmware_guest.svg", "vmware.svg"],
  ["vpcs_guest", "vpcs_guest.svg", "client.svg"],
];

const AFFINITY_THEMES = ["circle/blue", "circle/gray", "circle/red", "square/blue", "square/gray", "square/red"] as const;

function themeName(variant: string): string {
  return `Affinity-${variant.replace("/", "-")}`;
}

export const DEFAULT_SYMBOLS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  [
    ...AFFINITY_THEMES.map((variant): [string, Record<string, string>] => [
      themeName(variant),
      Object.fromEntries(
        THEME_FILES.map(([kind, , affinity]) => [
          // GNS3's square-blue theme spells this key with a file extension; clients read it so.
          variant === "square/blue" && kind === "frame_relay_switch" ? "frame_relay_switch.svg" : kind,
          `:/symbols/affinity/${variant}/${affinity}`,
        ]),
      ),
    ]),
    [BUILTIN_THEME, Object.fromEntries(THEME_FILES.map(([kind, classic]) => [kind, `${BUILTIN_PREFIX}${classic}`]))] as [string, Record<string, string>],
  ].sort(([a], [b]) => (a < b ? -1 : 1)),
);

/**
 * Each Affinity symbol id of GNS3's themes → the classic file of the same kind of node; where
 * two kinds share a file (`client.svg`), the first kind listed (the computer) is drawn.
 */
const THEMED_FILES: ReadonlyMap<string, string> = new Map(
  AFFINITY_THEMES.flatMap((variant) => THEME_FILES.map(([, classic, affinity]) => [`:/symbols/affinity/${variant}/${affinity}`, classic] as const)).reverse(),
);

export const BUILTIN_SYMBOLS: readonly SymbolEntry[] = Object.keys(BUILTIN_SYMBOL_FILES)
  .sort()
  .map((filename) => ({ builtin: true, filename, symbol_id: `${BUILTIN_PREFIX}${filename}`, theme: BUILTIN_THEME }));

export function customSymbolEntry(path: string): SymbolEntry {
  return { builtin: false, filename: path.slice(path.lastIndexOf("/") + 1), symbol_id: path, theme: CUSTOM_THEME };
}

/**
 * The built-in file a symbol id stands for, by GNS3's fallbacks: a classic id, then any id
 * whose last segment is a classic file name (`:/symbols/router.svg`, `/symbols/router.svg`),
 * then (our addition, for lack of GNS3's artwork) an Affinity id, as the classic symbol of the
 * same kind of node. Custom symbols are looked up before the last two, by the caller.
 */
export function builtinSymbolFile(symbolId: string): string | undefined {
  const basename = symbolId.slice(symbolId.lastIndexOf("/") + 1);
  if (Object.hasOwn(BUILTIN_SYMBOL_FILES, basename)) return basename;
  return THEMED_FILES.get(symbolId);
}

/** A classic id exactly: what GNS3 finds before it looks among custom symbols. */
export function exactBuiltinSymbolFile(symbolId: string): string | undefined {
  if (!symbolId.startsWith(BUILTIN_PREFIX)) return undefined;
  const file = symbolId.slice(BUILTIN_PREFIX.length);
  return Object.hasOwn(BUILTIN_SYMBOL_FILES, file) ? file : undefined;
}

export function builtinSymbolSvg(file: string): string {
  return BUILTIN_SYMBOL_FILES[file]!;
}

const builtinSizes = new Map<string, { width: number; height: number }>();

/** A built-in's size, read from its own SVG so that the two never disagree. */
export function builtinSymbolSize(file: string): { width: number; height: number } {
  let size = builtinSizes.get(file);
  if (!size) {
    const { width, height } = imageSize(new TextEncoder().encode(BUILTIN_SYMBOL_FILES[file]!));
    size = { width, height };
    builtinSizes.set(file, size);
  }
  return size;
}

/**
 * The size a node shows for its symbol. Custom symbols are files this pure function cannot
 * read: they get the default symbol's size.
 */
export function symbolSize(symbol: string): { width: number; height: number } {
  return builtinSymbolSize(builtinSymbolFile(symbol) ?? DEFAULT_SYMBOL_FILE);
}

/** Custom symbols (uploaded files) keep their name; only unknown built-in paths fall back. */
export function knownSymbol(symbol: string | null | undefined): string {
  if (!symbol) return DEFAULT_SYMBOL;
  if (symbol.startsWith(":/symbols/") && builtinSymbolFile(symbol) === undefined) return DEFAULT_SYMBOL;
  return symbol;
}

/** GNS3 places a node's label above the symbol: −round_half_even(height / 2 + 10). */
export function defaultLabelY(height: number): number {
  return -roundHalfEven(height / 2 + 10);
}
