/**
 * Python's `str.format`, which GNS3 applies to node names (`PC{0}`) and port name formats
 * (`Gi{segment0}/{port0}`): `{{`/`}}` escapes, positional (`{0}`, `{}`) and named fields,
 * `!r`/`!s`/`!a` conversions and format specs such as `{0:02d}`. A failure carries the class
 * and message Python gives, because GNS3 puts them in its answers.
 *
 * Values are Python ints and strs only: that is all GNS3 passes to these calls.
 */

export type PythonValue = number | string;

export type PythonErrorKind = "KeyError" | "IndexError" | "ValueError" | "TypeError" | "AttributeError" | "OverflowError";

export class PythonFormatError extends Error {
  constructor(
    readonly kind: PythonErrorKind,
    message: string,
    /** For a KeyError: the missing key, which Python's `str(error)` shows quoted. */
    readonly key?: string,
  ) {
    super(message);
  }

  /** What Python's `str(error)` prints: a KeyError shows its key in quotes. */
  pythonText(): string {
    return this.kind === "KeyError" ? pythonRepr(this.key ?? "") : this.message;
  }
}

/**
 * A width or precision beyond this is refused: Python would build the string whatever its size,
 * which here would hold the request (a port name is formatted once per adapter).
 */
const MAX_FIELD_WIDTH = 1000;
/** CPython's limit on a number written in a format string (PY_SSIZE_T_MAX). */
const MAX_INDEX = 2n ** 63n - 1n;

const valueError = (message: string) => new PythonFormatError("ValueError", message);

/** `template.format(*positional, **named)`, or the PythonFormatError Python would raise. */
export function pythonFormat(template: string, positional: readonly PythonValue[], named: Readonly<Record<string, PythonValue>>): string {
  return new Formatter(positional, named).build(template, 2);
}

class Formatter {
  /** Python's auto-numbering state: `{}` and `{0}` may not be mixed in one call. */
  private numbering: "unset" | "auto" | "manual" = "unset";
  private nextAuto = 0;

  constructor(
    private readonly positional: readonly PythonValue[],
    private readonly named: Readonly<Record<string, PythonValue>>,
  ) {}

  /** CPython's build_string: literal text and fields in order, failing at the first bad one. */
  build(template: string, depth: number): string {
    if (depth <= 0) throw valueError("Max string recursion exceeded");
    let output = "";
    let at = 0;
    while (at < template.length) {
      const next = template.slice(at).search(/[{}]/);
      if (next < 0) {
        output += template.slice(at);
        break;
      }
      const brace = at + next;
      output += template.slice(at, brace);
      const char = template[brace]!;
      const following = template[brace + 1];
      if (char === "}") {
        if (following !== "}") throw valueError("Single '}' encountered in format string");
        output += "}";
        at = brace + 2;
        continue;
      }
      if (following === undefined) throw valueError("Single '{' encountered in format string");
      if (following === "{") {
        output += "{";
        at = brace + 2;
        continue;
      }
      const field = parseField(template, brace + 1);
      output += this.render(field, depth);
      at = field.end;
    }
    return output;
  }

  private render(field: ParsedField, depth: number): string {
    let value = this.lookup(field.name);
    if (field.conversion !== undefined) value = convert(value, field.conversion);
    const spec = field.specNeedsExpanding ? this.build(field.spec, depth - 1) : field.spec;
    return formatValue(value, spec);
  }

  /** CPython's get_field_object: the first part names an argument, then `.attr` and `[key]` parts. */
  private lookup(fieldName: string): PythonValue {
    const firstEnd = fieldName.search(/[.[]/);
    const first = firstEnd < 0 ? fieldName : fieldName.slice(0, firstEnd);
    const index = decimalIndex(first);
    const numeric = first === "" || index !== undefined;
    if (numeric) {
      if (this.numbering === "unset") this.numbering = first === "" ? "auto" : "manual";
      if (this.numbering === "manual" && first === "") throw valueError("cannot switch from manual field specification to automatic field numbering");
      if (this.numbering === "auto" && first !== "") throw valueError("cannot switch from automatic field numbering to manual field specification");
    }
    let value: PythonValue;
    if (numeric) {
      const position = first === "" ? this.nextAuto++ : index!;
      if (position >= this.positional.length) {
        throw new PythonFormatError("IndexError", `Replacement index ${first === "" ? position : BigInt(first)} out of range for positional args tuple`);
      }
      value = this.positional[position]!;
    } else {
      if (!Object.hasOwn(this.named, first)) throw new PythonFormatError("KeyError", first, first);
      value = this.named[first]!;
    }
    return firstEnd < 0 ? value : accessParts(value, fieldName.slice(firstEnd));
  }
}

interface ParsedField {
  name: string;
  conversion: string | undefined;
  spec: string;
  specNeedsExpanding: boolean;
  /** Index just after the closing `}`. */
  end: number;
}

/** CPython's parse_field, from just after the opening `{`. */
function parseField(template: string, start: number): ParsedField {
  let at = start;
  let char = "";
  while (at < template.length) {
    char = template[at++]!;
    if (char === "{") throw valueError("unexpected '{' in field name");
    if (char === "[") {
      while (at < template.length && template[at] !== "]") at++;
      continue;
    }
    if (char === "}" || char === ":" || char === "!") break;
  }
  const name = template.slice(start, at - 1);
  if (char !== "!" && char !== ":") {
    if (char !== "}") throw valueError("expected '}' before end of string");
    return { name, conversion: undefined, spec: "", specNeedsExpanding: false, end: at };
  }
  let conversion: string | undefined;
  if (char === "!") {
    if (at >= template.length) throw valueError("end of string while looking for conversion specifier");
    conversion = template[at++]!;
    if (at < template.length) {
      const after = template[at++]!;
      if (after === "}") return { name, conversion, spec: "", specNeedsExpanding: false, end: at };
      if (after !== ":") throw valueError("expected ':' after conversion specifier");
    }
  }
  const specStart = at;
  let depth = 1;
  let specNeedsExpanding = false;
  while (at < template.length) {
    const specChar = template[at++]!;
    if (specChar === "{") {
      specNeedsExpanding = true;
      depth++;
    } else if (specChar === "}" && --depth === 0) {
      return { name, conversion, spec: template.slice(specStart, at - 1), specNeedsExpanding, end: at };
    }
  }
  throw valueError("unmatched '{' in format spec");
}

/** A field name part made of decimal digits is an index; anything else is a name. */
function decimalIndex(text: string): number | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  if (BigInt(text) > MAX_INDEX) throw valueError("Too many decimal digits in format string");
  return Number(text);
}

/** `.attr` and `[key]` parts after the argument, as CPython's FieldNameIterator reads them. */
function accessParts(start: PythonValue, rest: string): PythonValue {
  let value = start;
  let at = 0;
  while (at < rest.length) {
    const kind = rest[at++];
    let part: string;
    if (kind === ".") {
      const end = rest.slice(at).search(/[.[]/);
      part = end < 0 ? rest.slice(at) : rest.slice(at, at + end);
      at += part.length;
    } else if (kind === "[") {
      const close = rest.indexOf("]", at);
      if (close < 0) throw valueError("Missing ']' in format string");
      part = rest.slice(at, close);
      at = close + 1;
    } else {
      throw valueError("Only '.' or '[' may follow ']' in format field specifier");
    }
    if (part === "") throw valueError("Empty attribute in format string");
    value = kind === "." ? attribute(value, part) : item(value, part);
  }
  return value;
}

/** An int's number attributes; its methods and a str's cannot be formatted into a name. */
function attribute(value: PythonValue, name: string): PythonValue {
  if (typeof value === "number") {
    if (name === "real" || name === "numerator") return value;
    if (name === "imag") return 0;
    if (name === "denominator") return 1;
  }
  throw new PythonFormatError("AttributeError", `'${typeName(value)}' object has no attribute '${name}'`);
}

function item(value: PythonValue, key: string): PythonValue {
  if (typeof value === "number") throw new PythonFormatError("TypeError", "'int' object is not subscriptable");
  const index = decimalIndex(key);
  if (index === undefined) throw new PythonFormatError("TypeError", "string indices must be integers, not 'str'");
  const characters = [...value];
  if (index >= characters.length) throw new PythonFormatError("IndexError", "string index out of range");
  return characters[index]!;
}

function convert(value: PythonValue, conversion: string): PythonValue {
  switch (conversion) {
    case "s":
      return String(value);
    case "r":
    case "a":
      return pythonRepr(value);
    default:
      throw valueError(`Unknown conversion specifier ${conversion}`);
  }
}

function pythonRepr(value: PythonValue): string {
  if (typeof value === "number") return String(value);
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const escaped = value.replace(/\\/g, "\\\\").replace(quote === "'" ? /'/g : /"/g, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

const typeName = (value: PythonValue) => (typeof value === "number" ? "int" : "str");

interface FormatSpec {
  fill: string;
  align: "<" | ">" | "^" | "=" | undefined;
  sign: "+" | "-" | " " | undefined;
  alternate: boolean;
  width: number | undefined;
  grouping: "," | "_" | undefined;
  precision: number | undefined;
  type: string | undefined;
}

/** CPython's parse_internal_render_format_spec: `[[fill]align][sign][#][0][width][,|_][.precision][type]`. */
function parseSpec(spec: string, value: PythonValue): FormatSpec {
  const characters = [...spec];
  const parsed: FormatSpec = { fill: " ", align: undefined, sign: undefined, alternate: false, width: undefined, grouping: undefined, precision: undefined, type: undefined };
  let at = 0;
  const isAlign = (char: string | undefined) => char === "<" || char === ">" || char === "^" || char === "=";
  let fillGiven = false;
  if (characters.length >= 2 && isAlign(characters[1])) {
    parsed.fill = characters[0]!;
    parsed.align = characters[1] as FormatSpec["align"];
    fillGiven = true;
    at = 2;
  } else if (isAlign(characters[0])) {
    parsed.align = characters[0] as FormatSpec["align"];
    at = 1;
  }
  if (characters[at] === "+" || characters[at] === "-" || characters[at] === " ") parsed.sign = characters[at++] as FormatSpec["sign"];
  if (characters[at] === "#") {
    parsed.alternate = true;
    at++;
  }
  // Since Python 3.10 a leading 0 pads strings too, on their default (left) side.
  if (!fillGiven && characters[at] === "0") {
    parsed.fill = "0";
    if (typeof value === "number") parsed.align ??= "=";
    at++;
  }
  const digits = (): number | undefined => {
    const start = at;
    while (at < characters.length && /[0-9]/.test(characters[at]!)) at++;
    if (at === start) return undefined;
    const text = characters.slice(start, at).join("");
    if (BigInt(text) > MAX_INDEX) throw valueError("Too many decimal digits in format string");
    const number = Number(text);
    if (number > MAX_FIELD_WIDTH) throw valueError(`Format width or precision ${text} is larger than the ${MAX_FIELD_WIDTH} this server allows`);
    return number;
  };
  parsed.width = digits();
  if (characters[at] === "," || characters[at] === "_") {
    parsed.grouping = characters[at++] as FormatSpec["grouping"];
    if (characters[at] === (parsed.grouping === "," ? "_" : ",")) throw valueError("Cannot specify both ',' and '_'.");
  }
  if (characters[at] === ".") {
    at++;
    parsed.precision = digits();
    if (parsed.precision === undefined) throw valueError("Format specifier missing precision");
  }
  if (characters.length - at > 1) throw valueError(`Invalid format specifier '${spec}' for object of type '${typeName(value)}'`);
  parsed.type = characters[at];
  if (parsed.grouping) checkGrouping(parsed.grouping, parsed.type ?? (typeof value === "number" ? "d" : "s"));
  return parsed;
}

function checkGrouping(grouping: "," | "_", type: string): void {
  if ("defgEG%F".includes(type)) return;
  if (grouping === "_" && "boxX".includes(type)) return;
  throw valueError(`Cannot specify '${grouping}' with '${type}'.`);
}

function formatValue(value: PythonValue, spec: string): string {
  if (spec === "") return String(value);
  const parsed = parseSpec(spec, value);
  return typeof value === "number" ? formatInt(value, parsed) : formatStr(value, parsed);
}

function formatStr(value: string, spec: FormatSpec): string {
  if (spec.type !== undefined && spec.type !== "s") throw valueError(`Unknown format code '${spec.type}' for object of type 'str'`);
  if (spec.sign) throw valueError("Sign not allowed in string format specifier");
  if (spec.alternate) throw valueError("Alternate form (#) not allowed in string format specifier");
  if (spec.align === "=") throw valueError("'=' alignment not allowed in string format specifier");
  const text = spec.precision === undefined ? value : [...value].slice(0, spec.precision).join("");
  return pad("", text, spec, "<");
}

function formatInt(value: number, spec: FormatSpec): string {
  const type = spec.type ?? "d";
  if ("eEfFgG%".includes(type)) return formatIntAsFloat(value, type, spec);
  if (!"bcdoxXn".includes(type)) throw valueError(`Unknown format code '${type}' for object of type 'int'`);
  if (spec.precision !== undefined) throw valueError("Precision not allowed in integer format specifier");
  if (type === "c") {
    if (spec.sign) throw valueError("Sign not allowed with integer format specifier 'c'");
    if (spec.alternate) throw valueError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (value < 0 || value > 0x10ffff) throw new PythonFormatError("OverflowError", "%c arg not in range(0x110000)");
    return pad("", String.fromCodePoint(value), spec, ">");
  }
  const radix = type === "b" ? 2 : type === "o" ? 8 : type === "x" || type === "X" ? 16 : 10;
  let digits = Math.abs(value).toString(radix);
  if (type === "X") digits = digits.toUpperCase();
  const prefix = signOf(value, spec) + (spec.alternate && radix !== 10 ? `0${type === "b" ? "b" : type === "o" ? "o" : type}` : "");
  return pad(prefix, group(digits, spec, radix === 10 ? 3 : 4, prefix.length), spec, ">");
}

/**
 * An int under a float presentation type. The int is exact, so the digits are worked out on
 * its decimal text: rounding half to even as Python does, at any precision.
 */
function formatIntAsFloat(value: number, type: string, spec: FormatSpec): string {
  const precision = spec.precision ?? 6;
  const digits = String(Math.abs(value));
  let body: string;
  switch (type) {
    case "f":
    case "F":
      body = fixed(digits, precision, spec.alternate);
      break;
    case "%":
      body = `${fixed(digits === "0" ? "0" : `${digits}00`, precision, spec.alternate)}%`;
      break;
    case "e":
    case "E":
      body = exponential(digits, precision, spec.alternate);
      break;
    default:
      body = general(digits, precision === 0 ? 1 : precision, spec.alternate);
  }
  if (type === "E" || type === "G") body = body.toUpperCase();
  const [whole, ...rest] = body.split(/(?=[.e%E])/);
  const sign = signOf(value, spec);
  const tail = rest.join("");
  return pad(sign, group(whole!, spec, 3, sign.length + tail.length) + tail, spec, ">");
}

function fixed(digits: string, precision: number, alternate: boolean): string {
  return precision > 0 ? `${digits}.${"0".repeat(precision)}` : alternate ? `${digits}.` : digits;
}

/** `digits` rounded to `count` significant digits, half to even, and how far the exponent moved. */
function significant(digits: string, count: number): { kept: string; carried: boolean } {
  if (digits.length <= count) return { kept: digits.padEnd(count, "0"), carried: false };
  const kept = digits.slice(0, count);
  const dropped = digits.slice(count);
  const half = dropped[0]! > "5" || (dropped[0] === "5" && (/[1-9]/.test(dropped.slice(1)) || Number(kept.at(-1)) % 2 === 1));
  if (!half) return { kept, carried: false };
  const bumped = (BigInt(kept) + 1n).toString();
  return bumped.length > count ? { kept: bumped.slice(0, count), carried: true } : { kept: bumped, carried: false };
}

/** Python writes at least two exponent digits: `1.5e+03`. */
function exponential(digits: string, precision: number, alternate: boolean): string {
  const { kept, carried } = significant(digits, precision + 1);
  const exponent = digits === "0" ? 0 : digits.length - 1 + (carried ? 1 : 0);
  const mantissa = precision > 0 || alternate ? `${kept[0]}.${kept.slice(1)}` : kept;
  return `${mantissa}e+${String(exponent).padStart(2, "0")}`;
}

/** Python's `g`: fixed below the precision's exponent, exponential from it; trailing zeros dropped unless `#`. */
function general(digits: string, precision: number, alternate: boolean): string {
  const { carried } = significant(digits, precision);
  const exponent = digits === "0" ? 0 : digits.length - 1 + (carried ? 1 : 0);
  const body = exponent < precision ? fixed(digits, precision - 1 - exponent, alternate) : exponential(digits, precision - 1, alternate);
  return alternate ? body : body.replace(/(\.\d*?)0+(?=e|$)/, "$1").replace(/\.(?=e|$)/, "");
}

function signOf(value: number, spec: FormatSpec): string {
  if (value < 0) return "-";
  return spec.sign === "+" ? "+" : spec.sign === " " ? " " : "";
}

/**
 * Digit groups. With zero padding Python groups the zeros too, adding them until the field
 * (`reserved` characters being the sign, prefix and fraction) is wide enough.
 */
function group(digits: string, spec: FormatSpec, size: number, reserved: number): string {
  if (!spec.grouping) return digits;
  const separate = (text: string) => text.replace(new RegExp(`\\B(?=(.{${size}})+$)`, "g"), spec.grouping!);
  if (spec.fill !== "0" || spec.align !== "=" || spec.width === undefined) return separate(digits);
  let padded = digits;
  while (separate(padded).length + reserved < spec.width) padded = `0${padded}`;
  return separate(padded);
}

function pad(prefix: string, body: string, spec: FormatSpec, defaultAlign: "<" | ">"): string {
  const length = [...prefix].length + [...body].length;
  const missing = Math.max(0, (spec.width ?? 0) - length);
  const fill = (count: number) => spec.fill.repeat(count);
  switch (spec.align ?? defaultAlign) {
    case "<":
      return prefix + body + fill(missing);
    case "^":
      return fill(Math.floor(missing / 2)) + prefix + body + fill(Math.ceil(missing / 2));
    case "=":
      return prefix + fill(missing) + body;
    default:
      return fill(missing) + prefix + body;
  }
}
