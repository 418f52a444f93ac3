/**
 * The fixed vocabularies of the pcap-filter language. Keywords and named numbers are
 * libpcap's own; the service and protocol tables stand in for /etc/services and
 * /etc/protocols (which libpcap reads at compile time) so that an expression compiles the
 * same way on every host and on Workers, where no such files exist.
 */

/** Keyword spelling → canonical keyword. `and`/`or`/`not` become operators in the lexer. */
export const KEYWORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    dst: "dst", src: "src",
    link: "link", ether: "link", ppp: "link", slip: "link", fddi: "link", tr: "link", wlan: "link",
    arp: "arp", rarp: "rarp", ip: "ip", sctp: "sctp", tcp: "tcp", udp: "udp", icmp: "icmp",
    igmp: "igmp", igrp: "igrp", pim: "pim", vrrp: "vrrp", carp: "carp", radio: "radio",
    ip6: "ip6", icmp6: "icmp6", ah: "ah", esp: "esp",
    atalk: "atalk", aarp: "aarp", decnet: "decnet", lat: "lat", sca: "sca", moprc: "moprc", mopdl: "mopdl",
    iso: "iso", esis: "esis", "es-is": "esis", isis: "isis", "is-is": "isis",
    l1: "l1", l2: "l2", iih: "iih", lsp: "lsp", snp: "snp", csnp: "csnp", psnp: "psnp", clnp: "clnp",
    stp: "stp", ipx: "ipx", netbeui: "netbeui",
    host: "host", net: "net", mask: "mask", port: "port", portrange: "portrange", proto: "proto",
    protochain: "protochain", gateway: "gateway",
    type: "type", subtype: "subtype", direction: "dir", dir: "dir",
    address1: "addr1", addr1: "addr1", address2: "addr2", addr2: "addr2",
    address3: "addr3", addr3: "addr3", address4: "addr4", addr4: "addr4", ra: "ra", ta: "ta",
    less: "less", greater: "greater", byte: "byte", broadcast: "broadcast", multicast: "multicast",
    and: "and", or: "or", not: "not",
    len: "len", length: "len", inbound: "inbound", outbound: "outbound", ifindex: "ifindex",
    vlan: "vlan", mpls: "mpls", pppoed: "pppoed", pppoes: "pppoes", geneve: "geneve",
    lane: "lane", llc: "llc", metac: "metac", bcc: "bcc", oam: "oam", oamf4: "oamf4",
    oamf4ec: "oamf4ec", oamf4sc: "oamf4sc", sc: "sc", ilmic: "ilmic", vpi: "vpi", vci: "vci",
    connectmsg: "connectmsg", metaconnect: "metaconnect",
    on: "ifname", ifname: "ifname", rset: "ruleset", ruleset: "ruleset", rnr: "rulenum",
    rulenum: "rulenum", srnr: "subrulenum", subrulenum: "subrulenum", reason: "reason", action: "action",
    fisu: "fisu", lssu: "lssu", lsu: "lssu", msu: "msu", hfisu: "hfisu", hlssu: "hlssu", hmsu: "hmsu",
    sio: "sio", opc: "opc", dpc: "dpc", sls: "sls", hsio: "hsio", hopc: "hopc", hdpc: "hdpc", hsls: "hsls",
  }),
);

/** Protocol-name keywords usable as a qualifier, an abbreviation or an accessor (`pname`). */
export const PROTOCOL_KEYWORDS: ReadonlySet<string> = new Set([
  "link", "ip", "arp", "rarp", "sctp", "tcp", "udp", "icmp", "igmp", "igrp", "pim", "vrrp", "carp",
  "atalk", "aarp", "decnet", "lat", "sca", "mopdl", "moprc", "ip6", "icmp6", "ah", "esp", "iso",
  "esis", "isis", "l1", "l2", "iih", "lsp", "snp", "psnp", "csnp", "clnp", "stp", "ipx", "netbeui", "radio",
]);

/** Names the scanner turns straight into numbers (pcap-filter(7)). */
export const NAMED_NUMBERS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    icmptype: 0, icmpcode: 1,
    "icmp-echoreply": 0, "icmp-unreach": 3, "icmp-sourcequench": 4, "icmp-redirect": 5,
    "icmp-echo": 8, "icmp-routeradvert": 9, "icmp-routersolicit": 10, "icmp-timxceed": 11,
    "icmp-paramprob": 12, "icmp-tstamp": 13, "icmp-tstampreply": 14, "icmp-ireq": 15,
    "icmp-ireqreply": 16, "icmp-maskreq": 17, "icmp-maskreply": 18,
    icmp6type: 0, icmp6code: 1,
    "icmp6-destinationunreach": 1, "icmp6-packettoobig": 2, "icmp6-timeexceeded": 3,
    "icmp6-parameterproblem": 4, "icmp6-echo": 128, "icmp6-echoreply": 129,
    "icmp6-multicastlistenerquery": 130, "icmp6-multicastlistenerreportv1": 131,
    "icmp6-multicastlistenerdone": 132, "icmp6-routersolicit": 133, "icmp6-routeradvert": 134,
    "icmp6-neighborsolicit": 135, "icmp6-neighboradvert": 136, "icmp6-redirect": 137,
    "icmp6-routerrenum": 138, "icmp6-nodeinformationquery": 139, "icmp6-nodeinformationresponse": 140,
    "icmp6-ineighbordiscoverysolicit": 141, "icmp6-ineighbordiscoveryadvert": 142,
    "icmp6-multicastlistenerreportv2": 143, "icmp6-homeagentdiscoveryrequest": 144,
    "icmp6-homeagentdiscoveryreply": 145, "icmp6-mobileprefixsolicit": 146,
    "icmp6-mobileprefixadvert": 147, "icmp6-certpathsolicit": 148, "icmp6-certpathadvert": 149,
    "icmp6-multicastrouteradvert": 151, "icmp6-multicastroutersolicit": 152,
    "icmp6-multicastrouterterm": 153,
    tcpflags: 13, "tcp-fin": 0x01, "tcp-syn": 0x02, "tcp-rst": 0x04, "tcp-push": 0x08,
    "tcp-ack": 0x10, "tcp-urg": 0x20, "tcp-ece": 0x40, "tcp-cwr": 0x80,
  }),
);

export const ETHERTYPE = {
  ip: 0x0800, arp: 0x0806, revarp: 0x8035, ipv6: 0x86dd, vlan: 0x8100, qinq: 0x88a8, qinqOld: 0x9100,
  mpls: 0x8847, atalk: 0x809b, aarp: 0x80f3, ipx: 0x8137, decnet: 0x6003, lat: 0x6004, sca: 0x6007,
  mopdl: 0x6001, moprc: 0x6002,
} as const;

export const LLC_SAP = { ip: 0x06, stp: 0x42, ipx: 0xe0, netbeui: 0xf0, isons: 0xfe, snap: 0xaa } as const;

/** `ether proto \name`: libpcap's built-in Ethernet type names, then its LLC SAP names. */
export const ETHER_PROTO_NAMES: ReadonlyMap<string, number> = new Map(
  Object.entries({
    aarp: 0x80f3, arp: 0x0806, atalk: 0x809b, decnet: 0x6003, ip: 0x0800, ip6: 0x86dd, lat: 0x6004,
    loopback: 0x9000, mopdl: 0x6001, moprc: 0x6002, rarp: 0x8035, sca: 0x6007,
    iso: 0xfe, stp: 0x42, ipx: 0xe0, netbeui: 0xf0,
  }),
);

/** `ip proto \name`, as in a stock /etc/protocols. */
export const IP_PROTOCOL_NAMES: ReadonlyMap<string, number> = new Map(
  Object.entries({
    ip: 0, icmp: 1, igmp: 2, ggp: 3, ipencap: 4, st: 5, tcp: 6, egp: 8, igp: 9, pup: 12, udp: 17,
    hmp: 20, "xns-idp": 22, rdp: 27, "iso-tp4": 29, dccp: 33, xtp: 36, ddp: 37, "idpr-cmtp": 38,
    ipv6: 41, "ipv6-route": 43, "ipv6-frag": 44, idrp: 45, rsvp: 46, gre: 47, esp: 50, ah: 51,
    skip: 57, "ipv6-icmp": 58, "ipv6-nonxt": 59, "ipv6-opts": 60, rspf: 73, vmtp: 81, eigrp: 88,
    ospf: 89, "ax.25": 93, ipip: 94, etherip: 97, encap: 98, pim: 103, ipcomp: 108, vrrp: 112,
    l2tp: 115, isis: 124, sctp: 132, fc: 133, "mobility-header": 135, udplite: 136,
    "mpls-in-ip": 137, manet: 138, hip: 139, shim6: 140, wesp: 141, rohc: 142, ethernet: 143,
  }),
);

/** Transport a service name is registered for; libpcap matches both TCP and UDP (and SCTP)
 * only when the name exists for both TCP and UDP with the same number. */
export type ServiceProtocols = "tcp" | "udp" | "both";

/** Well-known service names as in a stock /etc/services. */
export const SERVICES: ReadonlyMap<string, { port: number; protocols: ServiceProtocols }> = new Map(
  (
    [
      ["echo", 7, "both"], ["discard", 9, "both"], ["daytime", 13, "both"], ["ftp-data", 20, "tcp"],
      ["ftp", 21, "tcp"], ["ssh", 22, "tcp"], ["telnet", 23, "tcp"], ["smtp", 25, "tcp"],
      ["time", 37, "both"], ["whois", 43, "tcp"], ["tacacs", 49, "both"], ["domain", 53, "both"],
      ["bootps", 67, "udp"], ["bootpc", 68, "udp"], ["tftp", 69, "udp"], ["gopher", 70, "tcp"],
      ["finger", 79, "tcp"], ["http", 80, "tcp"], ["www", 80, "tcp"], ["kerberos", 88, "both"],
      ["pop3", 110, "tcp"], ["sunrpc", 111, "both"], ["auth", 113, "tcp"], ["nntp", 119, "tcp"],
      ["ntp", 123, "udp"], ["netbios-ns", 137, "udp"], ["netbios-dgm", 138, "udp"],
      ["netbios-ssn", 139, "tcp"], ["imap2", 143, "tcp"], ["imap", 143, "tcp"], ["snmp", 161, "both"],
      ["snmp-trap", 162, "both"], ["bgp", 179, "tcp"], ["ldap", 389, "both"], ["https", 443, "both"],
      ["microsoft-ds", 445, "tcp"], ["submissions", 465, "tcp"], ["isakmp", 500, "udp"],
      ["syslog", 514, "udp"], ["printer", 515, "tcp"], ["ldaps", 636, "both"], ["domain-s", 853, "both"],
      ["rsync", 873, "tcp"], ["imaps", 993, "tcp"], ["pop3s", 995, "tcp"], ["openvpn", 1194, "both"],
      ["radius", 1812, "both"], ["radius-acct", 1813, "both"], ["nfs", 2049, "both"], ["mysql", 3306, "tcp"],
      ["ms-wbt-server", 3389, "tcp"], ["sip", 5060, "both"], ["sip-tls", 5061, "both"], ["mdns", 5353, "udp"],
      ["postgresql", 5432, "tcp"], ["x11", 6000, "tcp"], ["redis", 6379, "tcp"], ["git", 9418, "tcp"],
    ] as const
  ).map(([name, port, protocols]) => [name, { port, protocols }]),
);
