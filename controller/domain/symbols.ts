/** Sizes of the built-in symbols, which GNS3 reads from the SVG files; unknown symbols fall back. */
const SYMBOL_SIZES: Record<string, { width: number; height: number }> = {
  ":/symbols/computer.svg": { width: 65, height: 59 },
  ":/symbols/vpcs_guest.svg": { width: 65, height: 59 },
  ":/symbols/qemu_guest.svg": { width: 65, height: 53 },
  ":/symbols/docker_guest.svg": { width: 65, height: 53 },
  ":/symbols/ethernet_switch.svg": { width: 72, height: 32 },
  ":/symbols/hub.svg": { width: 72, height: 32 },
  ":/symbols/cloud.svg": { width: 159, height: 71 },
  ":/symbols/router.svg": { width: 66, height: 45 },
  ":/symbols/traceng.svg": { width: 65, height: 59 },
  ":/symbols/vbox_guest.svg": { width: 65, height: 53 },
  ":/symbols/vmware_guest.svg": { width: 65, height: 53 },
  ":/symbols/multilayer_switch.svg": { width: 51, height: 48 },
  ":/symbols/frame_relay_switch.svg": { width: 72, height: 32 },
  ":/symbols/atm_switch.svg": { width: 72, height: 32 },
};

export const DEFAULT_SYMBOL = ":/symbols/computer.svg";

export function symbolSize(symbol: string): { width: number; height: number } {
  return SYMBOL_SIZES[symbol] ?? SYMBOL_SIZES[DEFAULT_SYMBOL]!;
}

/** Custom symbols (uploaded files) keep their name; only unknown built-in paths fall back. */
export function knownSymbol(symbol: string | null | undefined): string {
  if (!symbol) return DEFAULT_SYMBOL;
  if (symbol.startsWith(":/symbols/") && !(symbol in SYMBOL_SIZES)) return DEFAULT_SYMBOL;
  return symbol;
}

/** GNS3 places a node's label above the symbol: −round_half_even(height / 2 + 10). */
export function defaultLabelY(height: number): number {
  const value = height / 2 + 10;
  const floor = Math.floor(value);
  const rounded = value - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(value);
  return -rounded;
}
