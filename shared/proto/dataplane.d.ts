import * as $protobuf from "protobufjs";
import Long = require("long");

export namespace gns3 {

    namespace dataplane {

        namespace v1 {

            interface IDaemonMessage extends gns3.dataplane.v1.DaemonMessage.$Properties {
            }

            class DaemonMessage {
                constructor(properties?: gns3.dataplane.v1.DaemonMessage.$Properties);
                $unknowns?: Uint8Array[];
                hello?: (gns3.dataplane.v1.Hello.$Properties|null);
                ack?: (gns3.dataplane.v1.Ack.$Properties|null);
                counters?: (gns3.dataplane.v1.CountersReport.$Properties|null);
                captureChunk?: (gns3.dataplane.v1.CaptureChunk.$Properties|null);
                hostFacts?: (gns3.dataplane.v1.HostFacts.$Properties|null);
                progress?: (gns3.dataplane.v1.Progress.$Properties|null);
                pong?: (gns3.dataplane.v1.Pong.$Properties|null);
                dockerImagesAnswer?: (gns3.dataplane.v1.DockerImagesAnswer.$Properties|null);
                body?: ("hello"|"ack"|"counters"|"captureChunk"|"hostFacts"|"progress"|"pong"|"dockerImagesAnswer");
                static create(properties: gns3.dataplane.v1.DaemonMessage.$Shape): gns3.dataplane.v1.DaemonMessage & gns3.dataplane.v1.DaemonMessage.$Shape;
                static create(properties?: gns3.dataplane.v1.DaemonMessage.$Properties): gns3.dataplane.v1.DaemonMessage;
                static encode(message: gns3.dataplane.v1.DaemonMessage.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DaemonMessage & gns3.dataplane.v1.DaemonMessage.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DaemonMessage {
                interface $Properties {
                    hello?: (gns3.dataplane.v1.Hello.$Properties|null);
                    ack?: (gns3.dataplane.v1.Ack.$Properties|null);
                    counters?: (gns3.dataplane.v1.CountersReport.$Properties|null);
                    captureChunk?: (gns3.dataplane.v1.CaptureChunk.$Properties|null);
                    hostFacts?: (gns3.dataplane.v1.HostFacts.$Properties|null);
                    progress?: (gns3.dataplane.v1.Progress.$Properties|null);
                    pong?: (gns3.dataplane.v1.Pong.$Properties|null);
                    dockerImagesAnswer?: (gns3.dataplane.v1.DockerImagesAnswer.$Properties|null);
                    body?: ("hello"|"ack"|"counters"|"captureChunk"|"hostFacts"|"progress"|"pong"|"dockerImagesAnswer");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  hello?: gns3.dataplane.v1.Hello.$Shape|null;
                  ack?: gns3.dataplane.v1.Ack.$Shape|null;
                  counters?: gns3.dataplane.v1.CountersReport.$Shape|null;
                  captureChunk?: gns3.dataplane.v1.CaptureChunk.$Shape|null;
                  hostFacts?: gns3.dataplane.v1.HostFacts.$Shape|null;
                  progress?: gns3.dataplane.v1.Progress.$Shape|null;
                  pong?: gns3.dataplane.v1.Pong.$Shape|null;
                  dockerImagesAnswer?: gns3.dataplane.v1.DockerImagesAnswer.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ body?: undefined; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "hello"; hello: gns3.dataplane.v1.Hello.$Shape; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "ack"; hello?: null; ack: gns3.dataplane.v1.Ack.$Shape; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "counters"; hello?: null; ack?: null; counters: gns3.dataplane.v1.CountersReport.$Shape; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "captureChunk"; hello?: null; ack?: null; counters?: null; captureChunk: gns3.dataplane.v1.CaptureChunk.$Shape; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "hostFacts"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts: gns3.dataplane.v1.HostFacts.$Shape; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "progress"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress: gns3.dataplane.v1.Progress.$Shape; pong?: null; dockerImagesAnswer?: null }|{ body?: "pong"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong: gns3.dataplane.v1.Pong.$Shape; dockerImagesAnswer?: null }|{ body?: "dockerImagesAnswer"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer: gns3.dataplane.v1.DockerImagesAnswer.$Shape })
                );
            }

            interface IDockerImagesAnswer extends gns3.dataplane.v1.DockerImagesAnswer.$Properties {
            }

            class DockerImagesAnswer {
                constructor(properties?: gns3.dataplane.v1.DockerImagesAnswer.$Properties);
                $unknowns?: Uint8Array[];
                queryId: number;
                docker?: (gns3.dataplane.v1.DockerFacts.$Properties|null);
                static create(properties: gns3.dataplane.v1.DockerImagesAnswer.$Shape): gns3.dataplane.v1.DockerImagesAnswer & gns3.dataplane.v1.DockerImagesAnswer.$Shape;
                static create(properties?: gns3.dataplane.v1.DockerImagesAnswer.$Properties): gns3.dataplane.v1.DockerImagesAnswer;
                static encode(message: gns3.dataplane.v1.DockerImagesAnswer.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DockerImagesAnswer & gns3.dataplane.v1.DockerImagesAnswer.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DockerImagesAnswer {
                interface $Properties {
                    queryId?: (number|null);
                    docker?: (gns3.dataplane.v1.DockerFacts.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DockerImagesAnswer.$Properties;
            }

            interface IPong extends gns3.dataplane.v1.Pong.$Properties {
            }

            class Pong {
                constructor(properties?: gns3.dataplane.v1.Pong.$Properties);
                $unknowns?: Uint8Array[];
                nonce: number;
                static create(properties: gns3.dataplane.v1.Pong.$Shape): gns3.dataplane.v1.Pong & gns3.dataplane.v1.Pong.$Shape;
                static create(properties?: gns3.dataplane.v1.Pong.$Properties): gns3.dataplane.v1.Pong;
                static encode(message: gns3.dataplane.v1.Pong.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Pong & gns3.dataplane.v1.Pong.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Pong {
                interface $Properties {
                    nonce?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Pong.$Properties;
            }

            interface IHello extends gns3.dataplane.v1.Hello.$Properties {
            }

            class Hello {
                constructor(properties?: gns3.dataplane.v1.Hello.$Properties);
                $unknowns?: Uint8Array[];
                hostId: string;
                token: string;
                lastAppliedRevision: number;
                tunnelAddress: string;
                udpPortMin: number;
                udpPortMax: number;
                daemonVersion: string;
                name: string;
                instanceId: string;
                static create(properties: gns3.dataplane.v1.Hello.$Shape): gns3.dataplane.v1.Hello & gns3.dataplane.v1.Hello.$Shape;
                static create(properties?: gns3.dataplane.v1.Hello.$Properties): gns3.dataplane.v1.Hello;
                static encode(message: gns3.dataplane.v1.Hello.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Hello & gns3.dataplane.v1.Hello.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Hello {
                interface $Properties {
                    hostId?: (string|null);
                    token?: (string|null);
                    lastAppliedRevision?: (number|null);
                    tunnelAddress?: (string|null);
                    udpPortMin?: (number|null);
                    udpPortMax?: (number|null);
                    daemonVersion?: (string|null);
                    name?: (string|null);
                    instanceId?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Hello.$Properties;
            }

            interface IProgress extends gns3.dataplane.v1.Progress.$Properties {
            }

            class Progress {
                constructor(properties?: gns3.dataplane.v1.Progress.$Properties);
                $unknowns?: Uint8Array[];
                revision: number;
                done: number;
                total: number;
                static create(properties: gns3.dataplane.v1.Progress.$Shape): gns3.dataplane.v1.Progress & gns3.dataplane.v1.Progress.$Shape;
                static create(properties?: gns3.dataplane.v1.Progress.$Properties): gns3.dataplane.v1.Progress;
                static encode(message: gns3.dataplane.v1.Progress.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Progress & gns3.dataplane.v1.Progress.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Progress {
                interface $Properties {
                    revision?: (number|null);
                    done?: (number|null);
                    total?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Progress.$Properties;
            }

            interface IAck extends gns3.dataplane.v1.Ack.$Properties {
            }

            class Ack {
                constructor(properties?: gns3.dataplane.v1.Ack.$Properties);
                $unknowns?: Uint8Array[];
                revision: number;
                errors: gns3.dataplane.v1.ItemError.$Properties[];
                nodes: gns3.dataplane.v1.NodeReport.$Properties[];
                static create(properties: gns3.dataplane.v1.Ack.$Shape): gns3.dataplane.v1.Ack & gns3.dataplane.v1.Ack.$Shape;
                static create(properties?: gns3.dataplane.v1.Ack.$Properties): gns3.dataplane.v1.Ack;
                static encode(message: gns3.dataplane.v1.Ack.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Ack & gns3.dataplane.v1.Ack.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Ack {
                interface $Properties {
                    revision?: (number|null);
                    errors?: (gns3.dataplane.v1.ItemError.$Properties[]|null);
                    nodes?: (gns3.dataplane.v1.NodeReport.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Ack.$Properties;
            }

            interface INodeReport extends gns3.dataplane.v1.NodeReport.$Properties {
            }

            class NodeReport {
                constructor(properties?: gns3.dataplane.v1.NodeReport.$Properties);
                $unknowns?: Uint8Array[];
                nodeId: string;
                projectId: string;
                commandLine: string;
                idlepc?: (gns3.dataplane.v1.IdlePcReport.$Properties|null);
                static create(properties: gns3.dataplane.v1.NodeReport.$Shape): gns3.dataplane.v1.NodeReport & gns3.dataplane.v1.NodeReport.$Shape;
                static create(properties?: gns3.dataplane.v1.NodeReport.$Properties): gns3.dataplane.v1.NodeReport;
                static encode(message: gns3.dataplane.v1.NodeReport.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.NodeReport & gns3.dataplane.v1.NodeReport.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace NodeReport {
                interface $Properties {
                    nodeId?: (string|null);
                    projectId?: (string|null);
                    commandLine?: (string|null);
                    idlepc?: (gns3.dataplane.v1.IdlePcReport.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.NodeReport.$Properties;
            }

            interface IIdlePcReport extends gns3.dataplane.v1.IdlePcReport.$Properties {
            }

            class IdlePcReport {
                constructor(properties?: gns3.dataplane.v1.IdlePcReport.$Properties);
                $unknowns?: Uint8Array[];
                request: number;
                proposals: string[];
                chosen: string;
                error: string;
                static create(properties: gns3.dataplane.v1.IdlePcReport.$Shape): gns3.dataplane.v1.IdlePcReport & gns3.dataplane.v1.IdlePcReport.$Shape;
                static create(properties?: gns3.dataplane.v1.IdlePcReport.$Properties): gns3.dataplane.v1.IdlePcReport;
                static encode(message: gns3.dataplane.v1.IdlePcReport.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.IdlePcReport & gns3.dataplane.v1.IdlePcReport.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace IdlePcReport {
                interface $Properties {
                    request?: (number|null);
                    proposals?: (string[]|null);
                    chosen?: (string|null);
                    error?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.IdlePcReport.$Properties;
            }

            interface INetworkInterface extends gns3.dataplane.v1.NetworkInterface.$Properties {
            }

            class NetworkInterface {
                constructor(properties?: gns3.dataplane.v1.NetworkInterface.$Properties);
                $unknowns?: Uint8Array[];
                name: string;
                type: string;
                macAddress: string;
                ipAddress: string;
                netmask: string;
                special: boolean;
                static create(properties: gns3.dataplane.v1.NetworkInterface.$Shape): gns3.dataplane.v1.NetworkInterface & gns3.dataplane.v1.NetworkInterface.$Shape;
                static create(properties?: gns3.dataplane.v1.NetworkInterface.$Properties): gns3.dataplane.v1.NetworkInterface;
                static encode(message: gns3.dataplane.v1.NetworkInterface.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.NetworkInterface & gns3.dataplane.v1.NetworkInterface.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace NetworkInterface {
                interface $Properties {
                    name?: (string|null);
                    type?: (string|null);
                    macAddress?: (string|null);
                    ipAddress?: (string|null);
                    netmask?: (string|null);
                    special?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.NetworkInterface.$Properties;
            }

            interface IHostFacts extends gns3.dataplane.v1.HostFacts.$Properties {
            }

            class HostFacts {
                constructor(properties?: gns3.dataplane.v1.HostFacts.$Properties);
                $unknowns?: Uint8Array[];
                qemuBinaries: gns3.dataplane.v1.QemuBinary.$Properties[];
                kvm: gns3.dataplane.v1.HostFacts.Kvm;
                kvmDetail: string;
                kvmPlatforms: string[];
                busyConsolePorts: number[];
                interfaces: gns3.dataplane.v1.NetworkInterface.$Properties[];
                docker?: (gns3.dataplane.v1.DockerFacts.$Properties|null);
                static create(properties: gns3.dataplane.v1.HostFacts.$Shape): gns3.dataplane.v1.HostFacts & gns3.dataplane.v1.HostFacts.$Shape;
                static create(properties?: gns3.dataplane.v1.HostFacts.$Properties): gns3.dataplane.v1.HostFacts;
                static encode(message: gns3.dataplane.v1.HostFacts.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.HostFacts & gns3.dataplane.v1.HostFacts.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace HostFacts {
                interface $Properties {
                    qemuBinaries?: (gns3.dataplane.v1.QemuBinary.$Properties[]|null);
                    kvm?: (gns3.dataplane.v1.HostFacts.Kvm|null);
                    kvmDetail?: (string|null);
                    kvmPlatforms?: (string[]|null);
                    busyConsolePorts?: (number[]|null);
                    interfaces?: (gns3.dataplane.v1.NetworkInterface.$Properties[]|null);
                    docker?: (gns3.dataplane.v1.DockerFacts.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.HostFacts.$Properties;

                enum Kvm {
                    KVM_UNPROBED = 0,
                    KVM_USABLE = 1,
                    KVM_UNUSABLE = 2
                }
            }

            interface IDockerFacts extends gns3.dataplane.v1.DockerFacts.$Properties {
            }

            class DockerFacts {
                constructor(properties?: gns3.dataplane.v1.DockerFacts.$Properties);
                $unknowns?: Uint8Array[];
                available: boolean;
                dockerHost: string;
                detail: string;
                images: string[];
                static create(properties: gns3.dataplane.v1.DockerFacts.$Shape): gns3.dataplane.v1.DockerFacts & gns3.dataplane.v1.DockerFacts.$Shape;
                static create(properties?: gns3.dataplane.v1.DockerFacts.$Properties): gns3.dataplane.v1.DockerFacts;
                static encode(message: gns3.dataplane.v1.DockerFacts.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DockerFacts & gns3.dataplane.v1.DockerFacts.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DockerFacts {
                interface $Properties {
                    available?: (boolean|null);
                    dockerHost?: (string|null);
                    detail?: (string|null);
                    images?: (string[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DockerFacts.$Properties;
            }

            interface IQemuBinary extends gns3.dataplane.v1.QemuBinary.$Properties {
            }

            class QemuBinary {
                constructor(properties?: gns3.dataplane.v1.QemuBinary.$Properties);
                $unknowns?: Uint8Array[];
                path: string;
                version: string;
                static create(properties: gns3.dataplane.v1.QemuBinary.$Shape): gns3.dataplane.v1.QemuBinary & gns3.dataplane.v1.QemuBinary.$Shape;
                static create(properties?: gns3.dataplane.v1.QemuBinary.$Properties): gns3.dataplane.v1.QemuBinary;
                static encode(message: gns3.dataplane.v1.QemuBinary.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.QemuBinary & gns3.dataplane.v1.QemuBinary.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace QemuBinary {
                interface $Properties {
                    path?: (string|null);
                    version?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.QemuBinary.$Properties;
            }

            interface IItemError extends gns3.dataplane.v1.ItemError.$Properties {
            }

            class ItemError {
                constructor(properties?: gns3.dataplane.v1.ItemError.$Properties);
                $unknowns?: Uint8Array[];
                kind: gns3.dataplane.v1.ItemError.Kind;
                id: string;
                message: string;
                consolePortTaken: number;
                static create(properties: gns3.dataplane.v1.ItemError.$Shape): gns3.dataplane.v1.ItemError & gns3.dataplane.v1.ItemError.$Shape;
                static create(properties?: gns3.dataplane.v1.ItemError.$Properties): gns3.dataplane.v1.ItemError;
                static encode(message: gns3.dataplane.v1.ItemError.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.ItemError & gns3.dataplane.v1.ItemError.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace ItemError {
                interface $Properties {
                    kind?: (gns3.dataplane.v1.ItemError.Kind|null);
                    id?: (string|null);
                    message?: (string|null);
                    consolePortTaken?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.ItemError.$Properties;

                enum Kind {
                    KIND_UNSPECIFIED = 0,
                    NODE = 1,
                    LINK = 2
                }
            }

            interface ICountersReport extends gns3.dataplane.v1.CountersReport.$Properties {
            }

            class CountersReport {
                constructor(properties?: gns3.dataplane.v1.CountersReport.$Properties);
                $unknowns?: Uint8Array[];
                links: gns3.dataplane.v1.LinkCounters.$Properties[];
                sampledAtMs: number;
                static create(properties: gns3.dataplane.v1.CountersReport.$Shape): gns3.dataplane.v1.CountersReport & gns3.dataplane.v1.CountersReport.$Shape;
                static create(properties?: gns3.dataplane.v1.CountersReport.$Properties): gns3.dataplane.v1.CountersReport;
                static encode(message: gns3.dataplane.v1.CountersReport.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.CountersReport & gns3.dataplane.v1.CountersReport.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace CountersReport {
                interface $Properties {
                    links?: (gns3.dataplane.v1.LinkCounters.$Properties[]|null);
                    sampledAtMs?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.CountersReport.$Properties;
            }

            interface ILinkCounters extends gns3.dataplane.v1.LinkCounters.$Properties {
            }

            class LinkCounters {
                constructor(properties?: gns3.dataplane.v1.LinkCounters.$Properties);
                $unknowns?: Uint8Array[];
                linkId: string;
                aToB?: (gns3.dataplane.v1.DirectionCounters.$Properties|null);
                bToA?: (gns3.dataplane.v1.DirectionCounters.$Properties|null);
                static create(properties: gns3.dataplane.v1.LinkCounters.$Shape): gns3.dataplane.v1.LinkCounters & gns3.dataplane.v1.LinkCounters.$Shape;
                static create(properties?: gns3.dataplane.v1.LinkCounters.$Properties): gns3.dataplane.v1.LinkCounters;
                static encode(message: gns3.dataplane.v1.LinkCounters.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.LinkCounters & gns3.dataplane.v1.LinkCounters.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace LinkCounters {
                interface $Properties {
                    linkId?: (string|null);
                    aToB?: (gns3.dataplane.v1.DirectionCounters.$Properties|null);
                    bToA?: (gns3.dataplane.v1.DirectionCounters.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.LinkCounters.$Properties;
            }

            interface ICaptureChunk extends gns3.dataplane.v1.CaptureChunk.$Properties {
            }

            class CaptureChunk {
                constructor(properties?: gns3.dataplane.v1.CaptureChunk.$Properties);
                $unknowns?: Uint8Array[];
                streamId: number;
                data: Uint8Array;
                end: boolean;
                error: string;
                static create(properties: gns3.dataplane.v1.CaptureChunk.$Shape): gns3.dataplane.v1.CaptureChunk & gns3.dataplane.v1.CaptureChunk.$Shape;
                static create(properties?: gns3.dataplane.v1.CaptureChunk.$Properties): gns3.dataplane.v1.CaptureChunk;
                static encode(message: gns3.dataplane.v1.CaptureChunk.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.CaptureChunk & gns3.dataplane.v1.CaptureChunk.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace CaptureChunk {
                interface $Properties {
                    streamId?: (number|null);
                    data?: (Uint8Array|null);
                    end?: (boolean|null);
                    error?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.CaptureChunk.$Properties;
            }

            interface IDirectionCounters extends gns3.dataplane.v1.DirectionCounters.$Properties {
            }

            class DirectionCounters {
                constructor(properties?: gns3.dataplane.v1.DirectionCounters.$Properties);
                $unknowns?: Uint8Array[];
                framesIn: number;
                framesOut: number;
                bytesIn: number;
                bytesOut: number;
                droppedFrequency: number;
                droppedLoss: number;
                droppedBpf: number;
                droppedSuspended: number;
                corrupted: number;
                delayedQueued: number;
                droppedDelayFull: number;
                droppedRateQueueFull: number;
                droppedLossBurst: number;
                duplicated: number;
                reordered: number;
                rateQueued: number;
                static create(properties: gns3.dataplane.v1.DirectionCounters.$Shape): gns3.dataplane.v1.DirectionCounters & gns3.dataplane.v1.DirectionCounters.$Shape;
                static create(properties?: gns3.dataplane.v1.DirectionCounters.$Properties): gns3.dataplane.v1.DirectionCounters;
                static encode(message: gns3.dataplane.v1.DirectionCounters.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DirectionCounters & gns3.dataplane.v1.DirectionCounters.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DirectionCounters {
                interface $Properties {
                    framesIn?: (number|null);
                    framesOut?: (number|null);
                    bytesIn?: (number|null);
                    bytesOut?: (number|null);
                    droppedFrequency?: (number|null);
                    droppedLoss?: (number|null);
                    droppedBpf?: (number|null);
                    droppedSuspended?: (number|null);
                    corrupted?: (number|null);
                    delayedQueued?: (number|null);
                    droppedDelayFull?: (number|null);
                    droppedRateQueueFull?: (number|null);
                    droppedLossBurst?: (number|null);
                    duplicated?: (number|null);
                    reordered?: (number|null);
                    rateQueued?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DirectionCounters.$Properties;
            }

            interface IControllerMessage extends gns3.dataplane.v1.ControllerMessage.$Properties {
            }

            class ControllerMessage {
                constructor(properties?: gns3.dataplane.v1.ControllerMessage.$Properties);
                $unknowns?: Uint8Array[];
                state?: (gns3.dataplane.v1.DesiredHostState.$Properties|null);
                refused?: (gns3.dataplane.v1.Refused.$Properties|null);
                captureFollow?: (gns3.dataplane.v1.CaptureFollow.$Properties|null);
                notice?: (gns3.dataplane.v1.Notice.$Properties|null);
                change?: (gns3.dataplane.v1.StateChange.$Properties|null);
                ping?: (gns3.dataplane.v1.Ping.$Properties|null);
                dockerImagesQuery?: (gns3.dataplane.v1.DockerImagesQuery.$Properties|null);
                body?: ("state"|"refused"|"captureFollow"|"notice"|"change"|"ping"|"dockerImagesQuery");
                static create(properties: gns3.dataplane.v1.ControllerMessage.$Shape): gns3.dataplane.v1.ControllerMessage & gns3.dataplane.v1.ControllerMessage.$Shape;
                static create(properties?: gns3.dataplane.v1.ControllerMessage.$Properties): gns3.dataplane.v1.ControllerMessage;
                static encode(message: gns3.dataplane.v1.ControllerMessage.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.ControllerMessage & gns3.dataplane.v1.ControllerMessage.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace ControllerMessage {
                interface $Properties {
                    state?: (gns3.dataplane.v1.DesiredHostState.$Properties|null);
                    refused?: (gns3.dataplane.v1.Refused.$Properties|null);
                    captureFollow?: (gns3.dataplane.v1.CaptureFollow.$Properties|null);
                    notice?: (gns3.dataplane.v1.Notice.$Properties|null);
                    change?: (gns3.dataplane.v1.StateChange.$Properties|null);
                    ping?: (gns3.dataplane.v1.Ping.$Properties|null);
                    dockerImagesQuery?: (gns3.dataplane.v1.DockerImagesQuery.$Properties|null);
                    body?: ("state"|"refused"|"captureFollow"|"notice"|"change"|"ping"|"dockerImagesQuery");
                    $unknowns?: Uint8Array[];
                }
                type $Shape = {
                  state?: gns3.dataplane.v1.DesiredHostState.$Shape|null;
                  refused?: gns3.dataplane.v1.Refused.$Shape|null;
                  captureFollow?: gns3.dataplane.v1.CaptureFollow.$Shape|null;
                  notice?: gns3.dataplane.v1.Notice.$Shape|null;
                  change?: gns3.dataplane.v1.StateChange.$Shape|null;
                  ping?: gns3.dataplane.v1.Ping.$Shape|null;
                  dockerImagesQuery?: gns3.dataplane.v1.DockerImagesQuery.$Shape|null;
                  $unknowns?: Uint8Array[];
                } & (
                  ({ body?: undefined; state?: null; refused?: null; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "state"; state: gns3.dataplane.v1.DesiredHostState.$Shape; refused?: null; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "refused"; state?: null; refused: gns3.dataplane.v1.Refused.$Shape; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "captureFollow"; state?: null; refused?: null; captureFollow: gns3.dataplane.v1.CaptureFollow.$Shape; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "notice"; state?: null; refused?: null; captureFollow?: null; notice: gns3.dataplane.v1.Notice.$Shape; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "change"; state?: null; refused?: null; captureFollow?: null; notice?: null; change: gns3.dataplane.v1.StateChange.$Shape; ping?: null; dockerImagesQuery?: null }|{ body?: "ping"; state?: null; refused?: null; captureFollow?: null; notice?: null; change?: null; ping: gns3.dataplane.v1.Ping.$Shape; dockerImagesQuery?: null }|{ body?: "dockerImagesQuery"; state?: null; refused?: null; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery: gns3.dataplane.v1.DockerImagesQuery.$Shape })
                );
            }

            interface IDockerImagesQuery extends gns3.dataplane.v1.DockerImagesQuery.$Properties {
            }

            class DockerImagesQuery {
                constructor(properties?: gns3.dataplane.v1.DockerImagesQuery.$Properties);
                $unknowns?: Uint8Array[];
                queryId: number;
                static create(properties: gns3.dataplane.v1.DockerImagesQuery.$Shape): gns3.dataplane.v1.DockerImagesQuery & gns3.dataplane.v1.DockerImagesQuery.$Shape;
                static create(properties?: gns3.dataplane.v1.DockerImagesQuery.$Properties): gns3.dataplane.v1.DockerImagesQuery;
                static encode(message: gns3.dataplane.v1.DockerImagesQuery.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DockerImagesQuery & gns3.dataplane.v1.DockerImagesQuery.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DockerImagesQuery {
                interface $Properties {
                    queryId?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DockerImagesQuery.$Properties;
            }

            interface IPing extends gns3.dataplane.v1.Ping.$Properties {
            }

            class Ping {
                constructor(properties?: gns3.dataplane.v1.Ping.$Properties);
                $unknowns?: Uint8Array[];
                nonce: number;
                static create(properties: gns3.dataplane.v1.Ping.$Shape): gns3.dataplane.v1.Ping & gns3.dataplane.v1.Ping.$Shape;
                static create(properties?: gns3.dataplane.v1.Ping.$Properties): gns3.dataplane.v1.Ping;
                static encode(message: gns3.dataplane.v1.Ping.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Ping & gns3.dataplane.v1.Ping.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Ping {
                interface $Properties {
                    nonce?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Ping.$Properties;
            }

            interface INotice extends gns3.dataplane.v1.Notice.$Properties {
            }

            class Notice {
                constructor(properties?: gns3.dataplane.v1.Notice.$Properties);
                $unknowns?: Uint8Array[];
                message: string;
                static create(properties: gns3.dataplane.v1.Notice.$Shape): gns3.dataplane.v1.Notice & gns3.dataplane.v1.Notice.$Shape;
                static create(properties?: gns3.dataplane.v1.Notice.$Properties): gns3.dataplane.v1.Notice;
                static encode(message: gns3.dataplane.v1.Notice.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Notice & gns3.dataplane.v1.Notice.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Notice {
                interface $Properties {
                    message?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Notice.$Properties;
            }

            interface ICaptureFollow extends gns3.dataplane.v1.CaptureFollow.$Properties {
            }

            class CaptureFollow {
                constructor(properties?: gns3.dataplane.v1.CaptureFollow.$Properties);
                $unknowns?: Uint8Array[];
                streamId: number;
                relativePath: string;
                offset: number;
                stop: boolean;
                static create(properties: gns3.dataplane.v1.CaptureFollow.$Shape): gns3.dataplane.v1.CaptureFollow & gns3.dataplane.v1.CaptureFollow.$Shape;
                static create(properties?: gns3.dataplane.v1.CaptureFollow.$Properties): gns3.dataplane.v1.CaptureFollow;
                static encode(message: gns3.dataplane.v1.CaptureFollow.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.CaptureFollow & gns3.dataplane.v1.CaptureFollow.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace CaptureFollow {
                interface $Properties {
                    streamId?: (number|null);
                    relativePath?: (string|null);
                    offset?: (number|null);
                    stop?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.CaptureFollow.$Properties;
            }

            interface IRefused extends gns3.dataplane.v1.Refused.$Properties {
            }

            class Refused {
                constructor(properties?: gns3.dataplane.v1.Refused.$Properties);
                $unknowns?: Uint8Array[];
                message: string;
                static create(properties: gns3.dataplane.v1.Refused.$Shape): gns3.dataplane.v1.Refused & gns3.dataplane.v1.Refused.$Shape;
                static create(properties?: gns3.dataplane.v1.Refused.$Properties): gns3.dataplane.v1.Refused;
                static encode(message: gns3.dataplane.v1.Refused.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Refused & gns3.dataplane.v1.Refused.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Refused {
                interface $Properties {
                    message?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Refused.$Properties;
            }

            interface IDesiredHostState extends gns3.dataplane.v1.DesiredHostState.$Properties {
            }

            class DesiredHostState {
                constructor(properties?: gns3.dataplane.v1.DesiredHostState.$Properties);
                $unknowns?: Uint8Array[];
                revision: number;
                nodes: gns3.dataplane.v1.NodeSpec.$Properties[];
                links: gns3.dataplane.v1.LinkSpec.$Properties[];
                static create(properties: gns3.dataplane.v1.DesiredHostState.$Shape): gns3.dataplane.v1.DesiredHostState & gns3.dataplane.v1.DesiredHostState.$Shape;
                static create(properties?: gns3.dataplane.v1.DesiredHostState.$Properties): gns3.dataplane.v1.DesiredHostState;
                static encode(message: gns3.dataplane.v1.DesiredHostState.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DesiredHostState & gns3.dataplane.v1.DesiredHostState.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DesiredHostState {
                interface $Properties {
                    revision?: (number|null);
                    nodes?: (gns3.dataplane.v1.NodeSpec.$Properties[]|null);
                    links?: (gns3.dataplane.v1.LinkSpec.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DesiredHostState.$Properties;
            }

            interface IStateChange extends gns3.dataplane.v1.StateChange.$Properties {
            }

            class StateChange {
                constructor(properties?: gns3.dataplane.v1.StateChange.$Properties);
                $unknowns?: Uint8Array[];
                revision: number;
                baseRevision: number;
                nodes: gns3.dataplane.v1.NodeSpec.$Properties[];
                links: gns3.dataplane.v1.LinkSpec.$Properties[];
                removedNodes: gns3.dataplane.v1.ItemKey.$Properties[];
                removedLinks: gns3.dataplane.v1.ItemKey.$Properties[];
                static create(properties: gns3.dataplane.v1.StateChange.$Shape): gns3.dataplane.v1.StateChange & gns3.dataplane.v1.StateChange.$Shape;
                static create(properties?: gns3.dataplane.v1.StateChange.$Properties): gns3.dataplane.v1.StateChange;
                static encode(message: gns3.dataplane.v1.StateChange.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.StateChange & gns3.dataplane.v1.StateChange.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace StateChange {
                interface $Properties {
                    revision?: (number|null);
                    baseRevision?: (number|null);
                    nodes?: (gns3.dataplane.v1.NodeSpec.$Properties[]|null);
                    links?: (gns3.dataplane.v1.LinkSpec.$Properties[]|null);
                    removedNodes?: (gns3.dataplane.v1.ItemKey.$Properties[]|null);
                    removedLinks?: (gns3.dataplane.v1.ItemKey.$Properties[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.StateChange.$Properties;
            }

            interface IItemKey extends gns3.dataplane.v1.ItemKey.$Properties {
            }

            class ItemKey {
                constructor(properties?: gns3.dataplane.v1.ItemKey.$Properties);
                $unknowns?: Uint8Array[];
                projectId: string;
                id: string;
                static create(properties: gns3.dataplane.v1.ItemKey.$Shape): gns3.dataplane.v1.ItemKey & gns3.dataplane.v1.ItemKey.$Shape;
                static create(properties?: gns3.dataplane.v1.ItemKey.$Properties): gns3.dataplane.v1.ItemKey;
                static encode(message: gns3.dataplane.v1.ItemKey.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.ItemKey & gns3.dataplane.v1.ItemKey.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace ItemKey {
                interface $Properties {
                    projectId?: (string|null);
                    id?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.ItemKey.$Properties;
            }

            enum NodeKind {
                NODE_KIND_UNSPECIFIED = 0,
                VPCS = 1,
                ETHERNET_SWITCH = 2,
                ETHERNET_HUB = 3,
                CLOUD = 4,
                QEMU = 5,
                NAT = 6,
                DOCKER = 7,
                FRAME_RELAY_SWITCH = 8,
                ATM_SWITCH = 9,
                DYNAMIPS = 10
            }

            interface INodeSpec extends gns3.dataplane.v1.NodeSpec.$Properties {
            }

            class NodeSpec {
                constructor(properties?: gns3.dataplane.v1.NodeSpec.$Properties);
                $unknowns?: Uint8Array[];
                nodeId: string;
                projectId: string;
                name: string;
                kind: gns3.dataplane.v1.NodeKind;
                running: boolean;
                consolePort: number;
                ports: gns3.dataplane.v1.PortSpec.$Properties[];
                startupScript: string;
                restartGeneration: number;
                suspended: boolean;
                qemu?: (gns3.dataplane.v1.QemuSpec.$Properties|null);
                docker?: (gns3.dataplane.v1.DockerSpec.$Properties|null);
                dynamips?: (gns3.dataplane.v1.DynamipsSpec.$Properties|null);
                static create(properties: gns3.dataplane.v1.NodeSpec.$Shape): gns3.dataplane.v1.NodeSpec & gns3.dataplane.v1.NodeSpec.$Shape;
                static create(properties?: gns3.dataplane.v1.NodeSpec.$Properties): gns3.dataplane.v1.NodeSpec;
                static encode(message: gns3.dataplane.v1.NodeSpec.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.NodeSpec & gns3.dataplane.v1.NodeSpec.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace NodeSpec {
                interface $Properties {
                    nodeId?: (string|null);
                    projectId?: (string|null);
                    name?: (string|null);
                    kind?: (gns3.dataplane.v1.NodeKind|null);
                    running?: (boolean|null);
                    consolePort?: (number|null);
                    ports?: (gns3.dataplane.v1.PortSpec.$Properties[]|null);
                    startupScript?: (string|null);
                    restartGeneration?: (number|null);
                    suspended?: (boolean|null);
                    qemu?: (gns3.dataplane.v1.QemuSpec.$Properties|null);
                    docker?: (gns3.dataplane.v1.DockerSpec.$Properties|null);
                    dynamips?: (gns3.dataplane.v1.DynamipsSpec.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.NodeSpec.$Properties;
            }

            interface IDynamipsSpec extends gns3.dataplane.v1.DynamipsSpec.$Properties {
            }

            class DynamipsSpec {
                constructor(properties?: gns3.dataplane.v1.DynamipsSpec.$Properties);
                $unknowns?: Uint8Array[];
                circuits: gns3.dataplane.v1.VirtualCircuit.$Properties[];
                platform: string;
                image?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                dynamipsId: number;
                ramMb: number;
                nvramKb: number;
                chassis: string;
                npe: string;
                midplane: string;
                cards: gns3.dataplane.v1.DynamipsCard.$Properties[];
                idlepc: string;
                idlemax: number;
                idlesleep: number;
                execAreaMb: number;
                mmap: boolean;
                sparsemem: boolean;
                clockDivisor: number;
                disk0Mb: number;
                disk1Mb: number;
                iomemPercent: number;
                macAddress: string;
                systemId: string;
                auxPort: number;
                privateConfig: string;
                consoleType: string;
                ports: gns3.dataplane.v1.RouterPort.$Properties[];
                idlepcRequest: number;
                idlepcAuto: boolean;
                static create(properties: gns3.dataplane.v1.DynamipsSpec.$Shape): gns3.dataplane.v1.DynamipsSpec & gns3.dataplane.v1.DynamipsSpec.$Shape;
                static create(properties?: gns3.dataplane.v1.DynamipsSpec.$Properties): gns3.dataplane.v1.DynamipsSpec;
                static encode(message: gns3.dataplane.v1.DynamipsSpec.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DynamipsSpec & gns3.dataplane.v1.DynamipsSpec.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DynamipsSpec {
                interface $Properties {
                    circuits?: (gns3.dataplane.v1.VirtualCircuit.$Properties[]|null);
                    platform?: (string|null);
                    image?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                    dynamipsId?: (number|null);
                    ramMb?: (number|null);
                    nvramKb?: (number|null);
                    chassis?: (string|null);
                    npe?: (string|null);
                    midplane?: (string|null);
                    cards?: (gns3.dataplane.v1.DynamipsCard.$Properties[]|null);
                    idlepc?: (string|null);
                    idlemax?: (number|null);
                    idlesleep?: (number|null);
                    execAreaMb?: (number|null);
                    mmap?: (boolean|null);
                    sparsemem?: (boolean|null);
                    clockDivisor?: (number|null);
                    disk0Mb?: (number|null);
                    disk1Mb?: (number|null);
                    iomemPercent?: (number|null);
                    macAddress?: (string|null);
                    systemId?: (string|null);
                    auxPort?: (number|null);
                    privateConfig?: (string|null);
                    consoleType?: (string|null);
                    ports?: (gns3.dataplane.v1.RouterPort.$Properties[]|null);
                    idlepcRequest?: (number|null);
                    idlepcAuto?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DynamipsSpec.$Properties;
            }

            interface IRouterPort extends gns3.dataplane.v1.RouterPort.$Properties {
            }

            class RouterPort {
                constructor(properties?: gns3.dataplane.v1.RouterPort.$Properties);
                $unknowns?: Uint8Array[];
                slot: number;
                port: number;
                static create(properties: gns3.dataplane.v1.RouterPort.$Shape): gns3.dataplane.v1.RouterPort & gns3.dataplane.v1.RouterPort.$Shape;
                static create(properties?: gns3.dataplane.v1.RouterPort.$Properties): gns3.dataplane.v1.RouterPort;
                static encode(message: gns3.dataplane.v1.RouterPort.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.RouterPort & gns3.dataplane.v1.RouterPort.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace RouterPort {
                interface $Properties {
                    slot?: (number|null);
                    port?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.RouterPort.$Properties;
            }

            interface IVirtualCircuit extends gns3.dataplane.v1.VirtualCircuit.$Properties {
            }

            class VirtualCircuit {
                constructor(properties?: gns3.dataplane.v1.VirtualCircuit.$Properties);
                $unknowns?: Uint8Array[];
                a?: (gns3.dataplane.v1.CircuitEnd.$Properties|null);
                b?: (gns3.dataplane.v1.CircuitEnd.$Properties|null);
                static create(properties: gns3.dataplane.v1.VirtualCircuit.$Shape): gns3.dataplane.v1.VirtualCircuit & gns3.dataplane.v1.VirtualCircuit.$Shape;
                static create(properties?: gns3.dataplane.v1.VirtualCircuit.$Properties): gns3.dataplane.v1.VirtualCircuit;
                static encode(message: gns3.dataplane.v1.VirtualCircuit.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.VirtualCircuit & gns3.dataplane.v1.VirtualCircuit.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace VirtualCircuit {
                interface $Properties {
                    a?: (gns3.dataplane.v1.CircuitEnd.$Properties|null);
                    b?: (gns3.dataplane.v1.CircuitEnd.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.VirtualCircuit.$Properties;
            }

            interface ICircuitEnd extends gns3.dataplane.v1.CircuitEnd.$Properties {
            }

            class CircuitEnd {
                constructor(properties?: gns3.dataplane.v1.CircuitEnd.$Properties);
                $unknowns?: Uint8Array[];
                port: number;
                ids: number[];
                static create(properties: gns3.dataplane.v1.CircuitEnd.$Shape): gns3.dataplane.v1.CircuitEnd & gns3.dataplane.v1.CircuitEnd.$Shape;
                static create(properties?: gns3.dataplane.v1.CircuitEnd.$Properties): gns3.dataplane.v1.CircuitEnd;
                static encode(message: gns3.dataplane.v1.CircuitEnd.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.CircuitEnd & gns3.dataplane.v1.CircuitEnd.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace CircuitEnd {
                interface $Properties {
                    port?: (number|null);
                    ids?: (number[]|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.CircuitEnd.$Properties;
            }

            interface IDynamipsCard extends gns3.dataplane.v1.DynamipsCard.$Properties {
            }

            class DynamipsCard {
                constructor(properties?: gns3.dataplane.v1.DynamipsCard.$Properties);
                $unknowns?: Uint8Array[];
                slot: number;
                subslot: number;
                name: string;
                static create(properties: gns3.dataplane.v1.DynamipsCard.$Shape): gns3.dataplane.v1.DynamipsCard & gns3.dataplane.v1.DynamipsCard.$Shape;
                static create(properties?: gns3.dataplane.v1.DynamipsCard.$Properties): gns3.dataplane.v1.DynamipsCard;
                static encode(message: gns3.dataplane.v1.DynamipsCard.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DynamipsCard & gns3.dataplane.v1.DynamipsCard.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DynamipsCard {
                interface $Properties {
                    slot?: (number|null);
                    subslot?: (number|null);
                    name?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DynamipsCard.$Properties;
            }

            interface IDockerSpec extends gns3.dataplane.v1.DockerSpec.$Properties {
            }

            class DockerSpec {
                constructor(properties?: gns3.dataplane.v1.DockerSpec.$Properties);
                $unknowns?: Uint8Array[];
                image: string;
                command: string[];
                environment: string[];
                extraHosts: gns3.dataplane.v1.DockerHost.$Properties[];
                extraVolumes: string[];
                consoleType: string;
                auxPort: number;
                adapters: gns3.dataplane.v1.DockerAdapter.$Properties[];
                networkInterfaces: string;
                static create(properties: gns3.dataplane.v1.DockerSpec.$Shape): gns3.dataplane.v1.DockerSpec & gns3.dataplane.v1.DockerSpec.$Shape;
                static create(properties?: gns3.dataplane.v1.DockerSpec.$Properties): gns3.dataplane.v1.DockerSpec;
                static encode(message: gns3.dataplane.v1.DockerSpec.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DockerSpec & gns3.dataplane.v1.DockerSpec.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DockerSpec {
                interface $Properties {
                    image?: (string|null);
                    command?: (string[]|null);
                    environment?: (string[]|null);
                    extraHosts?: (gns3.dataplane.v1.DockerHost.$Properties[]|null);
                    extraVolumes?: (string[]|null);
                    consoleType?: (string|null);
                    auxPort?: (number|null);
                    adapters?: (gns3.dataplane.v1.DockerAdapter.$Properties[]|null);
                    networkInterfaces?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DockerSpec.$Properties;
            }

            interface IDockerHost extends gns3.dataplane.v1.DockerHost.$Properties {
            }

            class DockerHost {
                constructor(properties?: gns3.dataplane.v1.DockerHost.$Properties);
                $unknowns?: Uint8Array[];
                name: string;
                address: string;
                static create(properties: gns3.dataplane.v1.DockerHost.$Shape): gns3.dataplane.v1.DockerHost & gns3.dataplane.v1.DockerHost.$Shape;
                static create(properties?: gns3.dataplane.v1.DockerHost.$Properties): gns3.dataplane.v1.DockerHost;
                static encode(message: gns3.dataplane.v1.DockerHost.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DockerHost & gns3.dataplane.v1.DockerHost.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DockerHost {
                interface $Properties {
                    name?: (string|null);
                    address?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DockerHost.$Properties;
            }

            interface IDockerAdapter extends gns3.dataplane.v1.DockerAdapter.$Properties {
            }

            class DockerAdapter {
                constructor(properties?: gns3.dataplane.v1.DockerAdapter.$Properties);
                $unknowns?: Uint8Array[];
                adapterNumber: number;
                macAddress: string;
                static create(properties: gns3.dataplane.v1.DockerAdapter.$Shape): gns3.dataplane.v1.DockerAdapter & gns3.dataplane.v1.DockerAdapter.$Shape;
                static create(properties?: gns3.dataplane.v1.DockerAdapter.$Properties): gns3.dataplane.v1.DockerAdapter;
                static encode(message: gns3.dataplane.v1.DockerAdapter.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.DockerAdapter & gns3.dataplane.v1.DockerAdapter.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace DockerAdapter {
                interface $Properties {
                    adapterNumber?: (number|null);
                    macAddress?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.DockerAdapter.$Properties;
            }

            interface IQemuSpec extends gns3.dataplane.v1.QemuSpec.$Properties {
            }

            class QemuSpec {
                constructor(properties?: gns3.dataplane.v1.QemuSpec.$Properties);
                $unknowns?: Uint8Array[];
                binary: string;
                ramMb: number;
                cpus: number;
                adapters: gns3.dataplane.v1.QemuAdapter.$Properties[];
                disks: gns3.dataplane.v1.QemuDisk.$Properties[];
                kernelImage?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                initrd?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                bios?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                kernelCommandLine: string;
                bootPriority: string;
                options: string;
                consoleType: string;
                onClose: string;
                linkedClone: boolean;
                overlaySourceNodeId: string;
                overlaySourceProjectId: string;
                static create(properties: gns3.dataplane.v1.QemuSpec.$Shape): gns3.dataplane.v1.QemuSpec & gns3.dataplane.v1.QemuSpec.$Shape;
                static create(properties?: gns3.dataplane.v1.QemuSpec.$Properties): gns3.dataplane.v1.QemuSpec;
                static encode(message: gns3.dataplane.v1.QemuSpec.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.QemuSpec & gns3.dataplane.v1.QemuSpec.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace QemuSpec {
                interface $Properties {
                    binary?: (string|null);
                    ramMb?: (number|null);
                    cpus?: (number|null);
                    adapters?: (gns3.dataplane.v1.QemuAdapter.$Properties[]|null);
                    disks?: (gns3.dataplane.v1.QemuDisk.$Properties[]|null);
                    kernelImage?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                    initrd?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                    bios?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                    kernelCommandLine?: (string|null);
                    bootPriority?: (string|null);
                    options?: (string|null);
                    consoleType?: (string|null);
                    onClose?: (string|null);
                    linkedClone?: (boolean|null);
                    overlaySourceNodeId?: (string|null);
                    overlaySourceProjectId?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.QemuSpec.$Properties;
            }

            interface IQemuAdapter extends gns3.dataplane.v1.QemuAdapter.$Properties {
            }

            class QemuAdapter {
                constructor(properties?: gns3.dataplane.v1.QemuAdapter.$Properties);
                $unknowns?: Uint8Array[];
                adapterNumber: number;
                model: string;
                macAddress: string;
                static create(properties: gns3.dataplane.v1.QemuAdapter.$Shape): gns3.dataplane.v1.QemuAdapter & gns3.dataplane.v1.QemuAdapter.$Shape;
                static create(properties?: gns3.dataplane.v1.QemuAdapter.$Properties): gns3.dataplane.v1.QemuAdapter;
                static encode(message: gns3.dataplane.v1.QemuAdapter.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.QemuAdapter & gns3.dataplane.v1.QemuAdapter.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace QemuAdapter {
                interface $Properties {
                    adapterNumber?: (number|null);
                    model?: (string|null);
                    macAddress?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.QemuAdapter.$Properties;
            }

            interface IQemuDisk extends gns3.dataplane.v1.QemuDisk.$Properties {
            }

            class QemuDisk {
                constructor(properties?: gns3.dataplane.v1.QemuDisk.$Properties);
                $unknowns?: Uint8Array[];
                slot: string;
                image?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                interface: string;
                growMb: number;
                static create(properties: gns3.dataplane.v1.QemuDisk.$Shape): gns3.dataplane.v1.QemuDisk & gns3.dataplane.v1.QemuDisk.$Shape;
                static create(properties?: gns3.dataplane.v1.QemuDisk.$Properties): gns3.dataplane.v1.QemuDisk;
                static encode(message: gns3.dataplane.v1.QemuDisk.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.QemuDisk & gns3.dataplane.v1.QemuDisk.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace QemuDisk {
                interface $Properties {
                    slot?: (string|null);
                    image?: (gns3.dataplane.v1.QemuImage.$Properties|null);
                    "interface"?: (string|null);
                    growMb?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.QemuDisk.$Properties;
            }

            interface IQemuImage extends gns3.dataplane.v1.QemuImage.$Properties {
            }

            class QemuImage {
                constructor(properties?: gns3.dataplane.v1.QemuImage.$Properties);
                $unknowns?: Uint8Array[];
                name: string;
                md5: string;
                static create(properties: gns3.dataplane.v1.QemuImage.$Shape): gns3.dataplane.v1.QemuImage & gns3.dataplane.v1.QemuImage.$Shape;
                static create(properties?: gns3.dataplane.v1.QemuImage.$Properties): gns3.dataplane.v1.QemuImage;
                static encode(message: gns3.dataplane.v1.QemuImage.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.QemuImage & gns3.dataplane.v1.QemuImage.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace QemuImage {
                interface $Properties {
                    name?: (string|null);
                    md5?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.QemuImage.$Properties;
            }

            interface IPortSpec extends gns3.dataplane.v1.PortSpec.$Properties {
            }

            class PortSpec {
                constructor(properties?: gns3.dataplane.v1.PortSpec.$Properties);
                $unknowns?: Uint8Array[];
                portNumber: number;
                name: string;
                mode: gns3.dataplane.v1.PortSpec.Mode;
                vlan: number;
                ethertype: number;
                cloudUdp?: (gns3.dataplane.v1.UdpTunnel.$Properties|null);
                cloudDevice?: (gns3.dataplane.v1.HostDevice.$Properties|null);
                linked: boolean;
                static create(properties: gns3.dataplane.v1.PortSpec.$Shape): gns3.dataplane.v1.PortSpec & gns3.dataplane.v1.PortSpec.$Shape;
                static create(properties?: gns3.dataplane.v1.PortSpec.$Properties): gns3.dataplane.v1.PortSpec;
                static encode(message: gns3.dataplane.v1.PortSpec.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.PortSpec & gns3.dataplane.v1.PortSpec.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace PortSpec {
                interface $Properties {
                    portNumber?: (number|null);
                    name?: (string|null);
                    mode?: (gns3.dataplane.v1.PortSpec.Mode|null);
                    vlan?: (number|null);
                    ethertype?: (number|null);
                    cloudUdp?: (gns3.dataplane.v1.UdpTunnel.$Properties|null);
                    cloudDevice?: (gns3.dataplane.v1.HostDevice.$Properties|null);
                    linked?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.PortSpec.$Properties;

                enum Mode {
                    MODE_UNSPECIFIED = 0,
                    ACCESS = 1,
                    DOT1Q = 2,
                    QINQ = 3
                }
            }

            interface IHostDevice extends gns3.dataplane.v1.HostDevice.$Properties {
            }

            class HostDevice {
                constructor(properties?: gns3.dataplane.v1.HostDevice.$Properties);
                $unknowns?: Uint8Array[];
                kind: gns3.dataplane.v1.HostDevice.Kind;
                interface: string;
                static create(properties: gns3.dataplane.v1.HostDevice.$Shape): gns3.dataplane.v1.HostDevice & gns3.dataplane.v1.HostDevice.$Shape;
                static create(properties?: gns3.dataplane.v1.HostDevice.$Properties): gns3.dataplane.v1.HostDevice;
                static encode(message: gns3.dataplane.v1.HostDevice.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.HostDevice & gns3.dataplane.v1.HostDevice.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace HostDevice {
                interface $Properties {
                    kind?: (gns3.dataplane.v1.HostDevice.Kind|null);
                    "interface"?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.HostDevice.$Properties;

                enum Kind {
                    KIND_UNSPECIFIED = 0,
                    ETHERNET = 1,
                    TAP = 2
                }
            }

            interface IUdpTunnel extends gns3.dataplane.v1.UdpTunnel.$Properties {
            }

            class UdpTunnel {
                constructor(properties?: gns3.dataplane.v1.UdpTunnel.$Properties);
                $unknowns?: Uint8Array[];
                localPort: number;
                remoteHost: string;
                remotePort: number;
                static create(properties: gns3.dataplane.v1.UdpTunnel.$Shape): gns3.dataplane.v1.UdpTunnel & gns3.dataplane.v1.UdpTunnel.$Shape;
                static create(properties?: gns3.dataplane.v1.UdpTunnel.$Properties): gns3.dataplane.v1.UdpTunnel;
                static encode(message: gns3.dataplane.v1.UdpTunnel.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.UdpTunnel & gns3.dataplane.v1.UdpTunnel.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace UdpTunnel {
                interface $Properties {
                    localPort?: (number|null);
                    remoteHost?: (string|null);
                    remotePort?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.UdpTunnel.$Properties;
            }

            interface ILinkEnd extends gns3.dataplane.v1.LinkEnd.$Properties {
            }

            class LinkEnd {
                constructor(properties?: gns3.dataplane.v1.LinkEnd.$Properties);
                $unknowns?: Uint8Array[];
                nodeId: string;
                adapterNumber: number;
                portNumber: number;
                local: boolean;
                static create(properties: gns3.dataplane.v1.LinkEnd.$Shape): gns3.dataplane.v1.LinkEnd & gns3.dataplane.v1.LinkEnd.$Shape;
                static create(properties?: gns3.dataplane.v1.LinkEnd.$Properties): gns3.dataplane.v1.LinkEnd;
                static encode(message: gns3.dataplane.v1.LinkEnd.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.LinkEnd & gns3.dataplane.v1.LinkEnd.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace LinkEnd {
                interface $Properties {
                    nodeId?: (string|null);
                    adapterNumber?: (number|null);
                    portNumber?: (number|null);
                    local?: (boolean|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.LinkEnd.$Properties;
            }

            interface IFilter extends gns3.dataplane.v1.Filter.$Properties {
            }

            class Filter {
                constructor(properties?: gns3.dataplane.v1.Filter.$Properties);
                $unknowns?: Uint8Array[];
                type: string;
                numbers: number[];
                text: string;
                static create(properties: gns3.dataplane.v1.Filter.$Shape): gns3.dataplane.v1.Filter & gns3.dataplane.v1.Filter.$Shape;
                static create(properties?: gns3.dataplane.v1.Filter.$Properties): gns3.dataplane.v1.Filter;
                static encode(message: gns3.dataplane.v1.Filter.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Filter & gns3.dataplane.v1.Filter.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Filter {
                interface $Properties {
                    type?: (string|null);
                    numbers?: (number[]|null);
                    text?: (string|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Filter.$Properties;
            }

            interface ILinkSpec extends gns3.dataplane.v1.LinkSpec.$Properties {
            }

            class LinkSpec {
                constructor(properties?: gns3.dataplane.v1.LinkSpec.$Properties);
                $unknowns?: Uint8Array[];
                linkId: string;
                projectId: string;
                a?: (gns3.dataplane.v1.LinkEnd.$Properties|null);
                b?: (gns3.dataplane.v1.LinkEnd.$Properties|null);
                filters: gns3.dataplane.v1.Filter.$Properties[];
                suspended: boolean;
                tunnel?: (gns3.dataplane.v1.UdpTunnel.$Properties|null);
                capture?: (gns3.dataplane.v1.Capture.$Properties|null);
                static create(properties: gns3.dataplane.v1.LinkSpec.$Shape): gns3.dataplane.v1.LinkSpec & gns3.dataplane.v1.LinkSpec.$Shape;
                static create(properties?: gns3.dataplane.v1.LinkSpec.$Properties): gns3.dataplane.v1.LinkSpec;
                static encode(message: gns3.dataplane.v1.LinkSpec.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.LinkSpec & gns3.dataplane.v1.LinkSpec.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace LinkSpec {
                interface $Properties {
                    linkId?: (string|null);
                    projectId?: (string|null);
                    a?: (gns3.dataplane.v1.LinkEnd.$Properties|null);
                    b?: (gns3.dataplane.v1.LinkEnd.$Properties|null);
                    filters?: (gns3.dataplane.v1.Filter.$Properties[]|null);
                    suspended?: (boolean|null);
                    tunnel?: (gns3.dataplane.v1.UdpTunnel.$Properties|null);
                    capture?: (gns3.dataplane.v1.Capture.$Properties|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.LinkSpec.$Properties;
            }

            interface ICapture extends gns3.dataplane.v1.Capture.$Properties {
            }

            class Capture {
                constructor(properties?: gns3.dataplane.v1.Capture.$Properties);
                $unknowns?: Uint8Array[];
                active: boolean;
                relativePath: string;
                linkType: number;
                static create(properties: gns3.dataplane.v1.Capture.$Shape): gns3.dataplane.v1.Capture & gns3.dataplane.v1.Capture.$Shape;
                static create(properties?: gns3.dataplane.v1.Capture.$Properties): gns3.dataplane.v1.Capture;
                static encode(message: gns3.dataplane.v1.Capture.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): gns3.dataplane.v1.Capture & gns3.dataplane.v1.Capture.$Shape;
                static getTypeUrl(prefix?: string): string;
            }

            namespace Capture {
                interface $Properties {
                    active?: (boolean|null);
                    relativePath?: (string|null);
                    linkType?: (number|null);
                    $unknowns?: Uint8Array[];
                }
                type $Shape = gns3.dataplane.v1.Capture.$Properties;
            }
        }
    }
}
