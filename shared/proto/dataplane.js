/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const gns3 = $root.gns3 = (() => {

    /**
     * Namespace gns3.
     * @exports gns3
     * @namespace
     */
    const gns3 = {};

    gns3.dataplane = (function() {

        /**
         * Namespace dataplane.
         * @memberof gns3
         * @namespace
         */
        const dataplane = {};

        dataplane.v1 = (function() {

            /**
             * Namespace v1.
             * @memberof gns3.dataplane
             * @namespace
             */
            const v1 = {};

            v1.DaemonMessage = (function() {

                /**
                 * Properties of a DaemonMessage.
                 * @typedef {Object} gns3.dataplane.v1.DaemonMessage.$Properties
                 * @property {gns3.dataplane.v1.Hello.$Properties|null} [hello] DaemonMessage hello
                 * @property {gns3.dataplane.v1.Ack.$Properties|null} [ack] DaemonMessage ack
                 * @property {gns3.dataplane.v1.CountersReport.$Properties|null} [counters] DaemonMessage counters
                 * @property {gns3.dataplane.v1.CaptureChunk.$Properties|null} [captureChunk] DaemonMessage captureChunk
                 * @property {gns3.dataplane.v1.HostFacts.$Properties|null} [hostFacts] DaemonMessage hostFacts
                 * @property {gns3.dataplane.v1.Progress.$Properties|null} [progress] DaemonMessage progress
                 * @property {gns3.dataplane.v1.Pong.$Properties|null} [pong] DaemonMessage pong
                 * @property {gns3.dataplane.v1.DockerImagesAnswer.$Properties|null} [dockerImagesAnswer] DaemonMessage dockerImagesAnswer
                 * @property {"hello"|"ack"|"counters"|"captureChunk"|"hostFacts"|"progress"|"pong"|"dockerImagesAnswer"} [body] DaemonMessage body
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DaemonMessage.
                 * @memberof gns3.dataplane.v1
                 * @interface IDaemonMessage
                 * @augments gns3.dataplane.v1.DaemonMessage.$Properties
                 * @deprecated Use gns3.dataplane.v1.DaemonMessage.$Properties instead.
                 */

                /**
                 * Narrowed shape of a DaemonMessage.
                 * @typedef {{
                 *   hello?: gns3.dataplane.v1.Hello.$Shape|null;
                 *   ack?: gns3.dataplane.v1.Ack.$Shape|null;
                 *   counters?: gns3.dataplane.v1.CountersReport.$Shape|null;
                 *   captureChunk?: gns3.dataplane.v1.CaptureChunk.$Shape|null;
                 *   hostFacts?: gns3.dataplane.v1.HostFacts.$Shape|null;
                 *   progress?: gns3.dataplane.v1.Progress.$Shape|null;
                 *   pong?: gns3.dataplane.v1.Pong.$Shape|null;
                 *   dockerImagesAnswer?: gns3.dataplane.v1.DockerImagesAnswer.$Shape|null;
                 *   $unknowns?: Array.<Uint8Array>;
                 * } & (
                 *   ({ body?: undefined; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "hello"; hello: gns3.dataplane.v1.Hello.$Shape; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "ack"; hello?: null; ack: gns3.dataplane.v1.Ack.$Shape; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "counters"; hello?: null; ack?: null; counters: gns3.dataplane.v1.CountersReport.$Shape; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "captureChunk"; hello?: null; ack?: null; counters?: null; captureChunk: gns3.dataplane.v1.CaptureChunk.$Shape; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "hostFacts"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts: gns3.dataplane.v1.HostFacts.$Shape; progress?: null; pong?: null; dockerImagesAnswer?: null }|{ body?: "progress"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress: gns3.dataplane.v1.Progress.$Shape; pong?: null; dockerImagesAnswer?: null }|{ body?: "pong"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong: gns3.dataplane.v1.Pong.$Shape; dockerImagesAnswer?: null }|{ body?: "dockerImagesAnswer"; hello?: null; ack?: null; counters?: null; captureChunk?: null; hostFacts?: null; progress?: null; pong?: null; dockerImagesAnswer: gns3.dataplane.v1.DockerImagesAnswer.$Shape })
                 * )} gns3.dataplane.v1.DaemonMessage.$Shape
                 */

                /**
                 * Constructs a new DaemonMessage.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DaemonMessage.
                 * @constructor
                 * @param {gns3.dataplane.v1.DaemonMessage.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DaemonMessage = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DaemonMessage hello.
                 * @member {gns3.dataplane.v1.Hello.$Properties|null|undefined} hello
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.hello = null;

                /**
                 * DaemonMessage ack.
                 * @member {gns3.dataplane.v1.Ack.$Properties|null|undefined} ack
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.ack = null;

                /**
                 * DaemonMessage counters.
                 * @member {gns3.dataplane.v1.CountersReport.$Properties|null|undefined} counters
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.counters = null;

                /**
                 * DaemonMessage captureChunk.
                 * @member {gns3.dataplane.v1.CaptureChunk.$Properties|null|undefined} captureChunk
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.captureChunk = null;

                /**
                 * DaemonMessage hostFacts.
                 * @member {gns3.dataplane.v1.HostFacts.$Properties|null|undefined} hostFacts
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.hostFacts = null;

                /**
                 * DaemonMessage progress.
                 * @member {gns3.dataplane.v1.Progress.$Properties|null|undefined} progress
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.progress = null;

                /**
                 * DaemonMessage pong.
                 * @member {gns3.dataplane.v1.Pong.$Properties|null|undefined} pong
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.pong = null;

                /**
                 * DaemonMessage dockerImagesAnswer.
                 * @member {gns3.dataplane.v1.DockerImagesAnswer.$Properties|null|undefined} dockerImagesAnswer
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                DaemonMessage.prototype.dockerImagesAnswer = null;

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                /**
                 * DaemonMessage body.
                 * @member {"hello"|"ack"|"counters"|"captureChunk"|"hostFacts"|"progress"|"pong"|"dockerImagesAnswer"|undefined} body
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @instance
                 */
                $Object.defineProperty(DaemonMessage.prototype, "body", {
                    get: $util.oneOfGetter($oneOfFields = ["hello", "ack", "counters", "captureChunk", "hostFacts", "progress", "pong", "dockerImagesAnswer"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new DaemonMessage instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @static
                 * @param {gns3.dataplane.v1.DaemonMessage.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DaemonMessage} DaemonMessage instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DaemonMessage.$Shape): gns3.dataplane.v1.DaemonMessage & gns3.dataplane.v1.DaemonMessage.$Shape;
                 *   (properties?: gns3.dataplane.v1.DaemonMessage.$Properties): gns3.dataplane.v1.DaemonMessage;
                 * }}
                 */
                DaemonMessage.create = function(properties) {
                    return new DaemonMessage(properties);
                };

                /**
                 * Encodes the specified DaemonMessage message. Does not implicitly {@link gns3.dataplane.v1.DaemonMessage.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @static
                 * @param {gns3.dataplane.v1.DaemonMessage.$Properties} message DaemonMessage message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DaemonMessage.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.hello != null && $Object.hasOwnProperty.call(message, "hello"))
                        $root.gns3.dataplane.v1.Hello.encode(message.hello, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.ack != null && $Object.hasOwnProperty.call(message, "ack"))
                        $root.gns3.dataplane.v1.Ack.encode(message.ack, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.counters != null && $Object.hasOwnProperty.call(message, "counters"))
                        $root.gns3.dataplane.v1.CountersReport.encode(message.counters, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.captureChunk != null && $Object.hasOwnProperty.call(message, "captureChunk"))
                        $root.gns3.dataplane.v1.CaptureChunk.encode(message.captureChunk, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.hostFacts != null && $Object.hasOwnProperty.call(message, "hostFacts"))
                        $root.gns3.dataplane.v1.HostFacts.encode(message.hostFacts, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                    if (message.progress != null && $Object.hasOwnProperty.call(message, "progress"))
                        $root.gns3.dataplane.v1.Progress.encode(message.progress, writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.pong != null && $Object.hasOwnProperty.call(message, "pong"))
                        $root.gns3.dataplane.v1.Pong.encode(message.pong, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.dockerImagesAnswer != null && $Object.hasOwnProperty.call(message, "dockerImagesAnswer"))
                        $root.gns3.dataplane.v1.DockerImagesAnswer.encode(message.dockerImagesAnswer, writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DaemonMessage message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DaemonMessage & gns3.dataplane.v1.DaemonMessage.$Shape} DaemonMessage
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DaemonMessage.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DaemonMessage();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.hello = $root.gns3.dataplane.v1.Hello.decode(reader, reader.size(), $undefined, _depth + 1, message.hello);
                                message.body = "hello";
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.ack = $root.gns3.dataplane.v1.Ack.decode(reader, reader.size(), $undefined, _depth + 1, message.ack);
                                message.body = "ack";
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.counters = $root.gns3.dataplane.v1.CountersReport.decode(reader, reader.size(), $undefined, _depth + 1, message.counters);
                                message.body = "counters";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.captureChunk = $root.gns3.dataplane.v1.CaptureChunk.decode(reader, reader.size(), $undefined, _depth + 1, message.captureChunk);
                                message.body = "captureChunk";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.hostFacts = $root.gns3.dataplane.v1.HostFacts.decode(reader, reader.size(), $undefined, _depth + 1, message.hostFacts);
                                message.body = "hostFacts";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.progress = $root.gns3.dataplane.v1.Progress.decode(reader, reader.size(), $undefined, _depth + 1, message.progress);
                                message.body = "progress";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.pong = $root.gns3.dataplane.v1.Pong.decode(reader, reader.size(), $undefined, _depth + 1, message.pong);
                                message.body = "pong";
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                message.dockerImagesAnswer = $root.gns3.dataplane.v1.DockerImagesAnswer.decode(reader, reader.size(), $undefined, _depth + 1, message.dockerImagesAnswer);
                                message.body = "dockerImagesAnswer";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DaemonMessage
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DaemonMessage
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DaemonMessage.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DaemonMessage";
                };

                return DaemonMessage;
            })();

            v1.DockerImagesAnswer = (function() {

                /**
                 * Properties of a DockerImagesAnswer.
                 * @typedef {Object} gns3.dataplane.v1.DockerImagesAnswer.$Properties
                 * @property {number|null} [queryId] DockerImagesAnswer queryId
                 * @property {gns3.dataplane.v1.DockerFacts.$Properties|null} [docker] DockerImagesAnswer docker
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DockerImagesAnswer.
                 * @memberof gns3.dataplane.v1
                 * @interface IDockerImagesAnswer
                 * @augments gns3.dataplane.v1.DockerImagesAnswer.$Properties
                 * @deprecated Use gns3.dataplane.v1.DockerImagesAnswer.$Properties instead.
                 */

                /**
                 * Shape of a DockerImagesAnswer.
                 * @typedef {gns3.dataplane.v1.DockerImagesAnswer.$Properties} gns3.dataplane.v1.DockerImagesAnswer.$Shape
                 */

                /**
                 * Constructs a new DockerImagesAnswer.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DockerImagesAnswer.
                 * @constructor
                 * @param {gns3.dataplane.v1.DockerImagesAnswer.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DockerImagesAnswer = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DockerImagesAnswer queryId.
                 * @member {number} queryId
                 * @memberof gns3.dataplane.v1.DockerImagesAnswer
                 * @instance
                 */
                DockerImagesAnswer.prototype.queryId = 0;

                /**
                 * DockerImagesAnswer docker.
                 * @member {gns3.dataplane.v1.DockerFacts.$Properties|null|undefined} docker
                 * @memberof gns3.dataplane.v1.DockerImagesAnswer
                 * @instance
                 */
                DockerImagesAnswer.prototype.docker = null;

                /**
                 * Creates a new DockerImagesAnswer instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DockerImagesAnswer
                 * @static
                 * @param {gns3.dataplane.v1.DockerImagesAnswer.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DockerImagesAnswer} DockerImagesAnswer instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DockerImagesAnswer.$Shape): gns3.dataplane.v1.DockerImagesAnswer & gns3.dataplane.v1.DockerImagesAnswer.$Shape;
                 *   (properties?: gns3.dataplane.v1.DockerImagesAnswer.$Properties): gns3.dataplane.v1.DockerImagesAnswer;
                 * }}
                 */
                DockerImagesAnswer.create = function(properties) {
                    return new DockerImagesAnswer(properties);
                };

                /**
                 * Encodes the specified DockerImagesAnswer message. Does not implicitly {@link gns3.dataplane.v1.DockerImagesAnswer.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DockerImagesAnswer
                 * @static
                 * @param {gns3.dataplane.v1.DockerImagesAnswer.$Properties} message DockerImagesAnswer message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DockerImagesAnswer.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.queryId != null && $Object.hasOwnProperty.call(message, "queryId") && message.queryId !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.queryId);
                    if (message.docker != null && $Object.hasOwnProperty.call(message, "docker"))
                        $root.gns3.dataplane.v1.DockerFacts.encode(message.docker, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DockerImagesAnswer message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DockerImagesAnswer
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DockerImagesAnswer & gns3.dataplane.v1.DockerImagesAnswer.$Shape} DockerImagesAnswer
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DockerImagesAnswer.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DockerImagesAnswer();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.queryId = value;
                                else
                                    delete message.queryId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.docker = $root.gns3.dataplane.v1.DockerFacts.decode(reader, reader.size(), $undefined, _depth + 1, message.docker);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DockerImagesAnswer
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DockerImagesAnswer
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DockerImagesAnswer.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DockerImagesAnswer";
                };

                return DockerImagesAnswer;
            })();

            v1.Pong = (function() {

                /**
                 * Properties of a Pong.
                 * @typedef {Object} gns3.dataplane.v1.Pong.$Properties
                 * @property {number|null} [nonce] Pong nonce
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Pong.
                 * @memberof gns3.dataplane.v1
                 * @interface IPong
                 * @augments gns3.dataplane.v1.Pong.$Properties
                 * @deprecated Use gns3.dataplane.v1.Pong.$Properties instead.
                 */

                /**
                 * Shape of a Pong.
                 * @typedef {gns3.dataplane.v1.Pong.$Properties} gns3.dataplane.v1.Pong.$Shape
                 */

                /**
                 * Constructs a new Pong.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Pong.
                 * @constructor
                 * @param {gns3.dataplane.v1.Pong.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Pong = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Pong nonce.
                 * @member {number} nonce
                 * @memberof gns3.dataplane.v1.Pong
                 * @instance
                 */
                Pong.prototype.nonce = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new Pong instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Pong
                 * @static
                 * @param {gns3.dataplane.v1.Pong.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Pong} Pong instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Pong.$Shape): gns3.dataplane.v1.Pong & gns3.dataplane.v1.Pong.$Shape;
                 *   (properties?: gns3.dataplane.v1.Pong.$Properties): gns3.dataplane.v1.Pong;
                 * }}
                 */
                Pong.create = function(properties) {
                    return new Pong(properties);
                };

                /**
                 * Encodes the specified Pong message. Does not implicitly {@link gns3.dataplane.v1.Pong.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Pong
                 * @static
                 * @param {gns3.dataplane.v1.Pong.$Properties} message Pong message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Pong.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.nonce != null && $Object.hasOwnProperty.call(message, "nonce") && (typeof message.nonce === "object" ? message.nonce.low || message.nonce.high : message.nonce !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.nonce);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Pong message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Pong
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Pong & gns3.dataplane.v1.Pong.$Shape} Pong
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Pong.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Pong();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.nonce = value;
                                else
                                    delete message.nonce;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Pong
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Pong
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Pong.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Pong";
                };

                return Pong;
            })();

            v1.Hello = (function() {

                /**
                 * Properties of a Hello.
                 * @typedef {Object} gns3.dataplane.v1.Hello.$Properties
                 * @property {string|null} [hostId] Hello hostId
                 * @property {string|null} [token] Hello token
                 * @property {number|null} [lastAppliedRevision] Hello lastAppliedRevision
                 * @property {string|null} [tunnelAddress] Hello tunnelAddress
                 * @property {number|null} [udpPortMin] Hello udpPortMin
                 * @property {number|null} [udpPortMax] Hello udpPortMax
                 * @property {string|null} [daemonVersion] Hello daemonVersion
                 * @property {string|null} [name] Hello name
                 * @property {string|null} [instanceId] Hello instanceId
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Hello.
                 * @memberof gns3.dataplane.v1
                 * @interface IHello
                 * @augments gns3.dataplane.v1.Hello.$Properties
                 * @deprecated Use gns3.dataplane.v1.Hello.$Properties instead.
                 */

                /**
                 * Shape of a Hello.
                 * @typedef {gns3.dataplane.v1.Hello.$Properties} gns3.dataplane.v1.Hello.$Shape
                 */

                /**
                 * Constructs a new Hello.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Hello.
                 * @constructor
                 * @param {gns3.dataplane.v1.Hello.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Hello = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Hello hostId.
                 * @member {string} hostId
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.hostId = "";

                /**
                 * Hello token.
                 * @member {string} token
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.token = "";

                /**
                 * Hello lastAppliedRevision.
                 * @member {number} lastAppliedRevision
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.lastAppliedRevision = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Hello tunnelAddress.
                 * @member {string} tunnelAddress
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.tunnelAddress = "";

                /**
                 * Hello udpPortMin.
                 * @member {number} udpPortMin
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.udpPortMin = 0;

                /**
                 * Hello udpPortMax.
                 * @member {number} udpPortMax
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.udpPortMax = 0;

                /**
                 * Hello daemonVersion.
                 * @member {string} daemonVersion
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.daemonVersion = "";

                /**
                 * Hello name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.name = "";

                /**
                 * Hello instanceId.
                 * @member {string} instanceId
                 * @memberof gns3.dataplane.v1.Hello
                 * @instance
                 */
                Hello.prototype.instanceId = "";

                /**
                 * Creates a new Hello instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Hello
                 * @static
                 * @param {gns3.dataplane.v1.Hello.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Hello} Hello instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Hello.$Shape): gns3.dataplane.v1.Hello & gns3.dataplane.v1.Hello.$Shape;
                 *   (properties?: gns3.dataplane.v1.Hello.$Properties): gns3.dataplane.v1.Hello;
                 * }}
                 */
                Hello.create = function(properties) {
                    return new Hello(properties);
                };

                /**
                 * Encodes the specified Hello message. Does not implicitly {@link gns3.dataplane.v1.Hello.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Hello
                 * @static
                 * @param {gns3.dataplane.v1.Hello.$Properties} message Hello message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Hello.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.hostId != null && $Object.hasOwnProperty.call(message, "hostId") && message.hostId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.hostId);
                    if (message.token != null && $Object.hasOwnProperty.call(message, "token") && message.token !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.token);
                    if (message.lastAppliedRevision != null && $Object.hasOwnProperty.call(message, "lastAppliedRevision") && (typeof message.lastAppliedRevision === "object" ? message.lastAppliedRevision.low || message.lastAppliedRevision.high : message.lastAppliedRevision !== 0))
                        writer.uint32(/* id 3, wireType 0 =*/24).uint64(message.lastAppliedRevision);
                    if (message.tunnelAddress != null && $Object.hasOwnProperty.call(message, "tunnelAddress") && message.tunnelAddress !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.tunnelAddress);
                    if (message.udpPortMin != null && $Object.hasOwnProperty.call(message, "udpPortMin") && message.udpPortMin !== 0)
                        writer.uint32(/* id 5, wireType 0 =*/40).uint32(message.udpPortMin);
                    if (message.udpPortMax != null && $Object.hasOwnProperty.call(message, "udpPortMax") && message.udpPortMax !== 0)
                        writer.uint32(/* id 6, wireType 0 =*/48).uint32(message.udpPortMax);
                    if (message.daemonVersion != null && $Object.hasOwnProperty.call(message, "daemonVersion") && message.daemonVersion !== "")
                        writer.uint32(/* id 7, wireType 2 =*/58).string(message.daemonVersion);
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 8, wireType 2 =*/66).string(message.name);
                    if (message.instanceId != null && $Object.hasOwnProperty.call(message, "instanceId") && message.instanceId !== "")
                        writer.uint32(/* id 9, wireType 2 =*/74).string(message.instanceId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Hello message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Hello
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Hello & gns3.dataplane.v1.Hello.$Shape} Hello
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Hello.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Hello();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.hostId = value;
                                else
                                    delete message.hostId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.token = value;
                                else
                                    delete message.token;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.lastAppliedRevision = value;
                                else
                                    delete message.lastAppliedRevision;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.tunnelAddress = value;
                                else
                                    delete message.tunnelAddress;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.udpPortMin = value;
                                else
                                    delete message.udpPortMin;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.udpPortMax = value;
                                else
                                    delete message.udpPortMax;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.daemonVersion = value;
                                else
                                    delete message.daemonVersion;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.instanceId = value;
                                else
                                    delete message.instanceId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Hello
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Hello
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Hello.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Hello";
                };

                return Hello;
            })();

            v1.Progress = (function() {

                /**
                 * Properties of a Progress.
                 * @typedef {Object} gns3.dataplane.v1.Progress.$Properties
                 * @property {number|null} [revision] Progress revision
                 * @property {number|null} [done] Progress done
                 * @property {number|null} [total] Progress total
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Progress.
                 * @memberof gns3.dataplane.v1
                 * @interface IProgress
                 * @augments gns3.dataplane.v1.Progress.$Properties
                 * @deprecated Use gns3.dataplane.v1.Progress.$Properties instead.
                 */

                /**
                 * Shape of a Progress.
                 * @typedef {gns3.dataplane.v1.Progress.$Properties} gns3.dataplane.v1.Progress.$Shape
                 */

                /**
                 * Constructs a new Progress.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Progress.
                 * @constructor
                 * @param {gns3.dataplane.v1.Progress.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Progress = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Progress revision.
                 * @member {number} revision
                 * @memberof gns3.dataplane.v1.Progress
                 * @instance
                 */
                Progress.prototype.revision = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Progress done.
                 * @member {number} done
                 * @memberof gns3.dataplane.v1.Progress
                 * @instance
                 */
                Progress.prototype.done = 0;

                /**
                 * Progress total.
                 * @member {number} total
                 * @memberof gns3.dataplane.v1.Progress
                 * @instance
                 */
                Progress.prototype.total = 0;

                /**
                 * Creates a new Progress instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Progress
                 * @static
                 * @param {gns3.dataplane.v1.Progress.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Progress} Progress instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Progress.$Shape): gns3.dataplane.v1.Progress & gns3.dataplane.v1.Progress.$Shape;
                 *   (properties?: gns3.dataplane.v1.Progress.$Properties): gns3.dataplane.v1.Progress;
                 * }}
                 */
                Progress.create = function(properties) {
                    return new Progress(properties);
                };

                /**
                 * Encodes the specified Progress message. Does not implicitly {@link gns3.dataplane.v1.Progress.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Progress
                 * @static
                 * @param {gns3.dataplane.v1.Progress.$Properties} message Progress message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Progress.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision") && (typeof message.revision === "object" ? message.revision.low || message.revision.high : message.revision !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.revision);
                    if (message.done != null && $Object.hasOwnProperty.call(message, "done") && message.done !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.done);
                    if (message.total != null && $Object.hasOwnProperty.call(message, "total") && message.total !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.total);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Progress message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Progress
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Progress & gns3.dataplane.v1.Progress.$Shape} Progress
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Progress.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Progress();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.revision = value;
                                else
                                    delete message.revision;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.done = value;
                                else
                                    delete message.done;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.total = value;
                                else
                                    delete message.total;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Progress
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Progress
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Progress.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Progress";
                };

                return Progress;
            })();

            v1.Ack = (function() {

                /**
                 * Properties of an Ack.
                 * @typedef {Object} gns3.dataplane.v1.Ack.$Properties
                 * @property {number|null} [revision] Ack revision
                 * @property {Array.<gns3.dataplane.v1.ItemError.$Properties>|null} [errors] Ack errors
                 * @property {Array.<gns3.dataplane.v1.NodeReport.$Properties>|null} [nodes] Ack nodes
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an Ack.
                 * @memberof gns3.dataplane.v1
                 * @interface IAck
                 * @augments gns3.dataplane.v1.Ack.$Properties
                 * @deprecated Use gns3.dataplane.v1.Ack.$Properties instead.
                 */

                /**
                 * Shape of an Ack.
                 * @typedef {gns3.dataplane.v1.Ack.$Properties} gns3.dataplane.v1.Ack.$Shape
                 */

                /**
                 * Constructs a new Ack.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents an Ack.
                 * @constructor
                 * @param {gns3.dataplane.v1.Ack.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Ack = function (properties) {
                    this.errors = [];
                    this.nodes = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Ack revision.
                 * @member {number} revision
                 * @memberof gns3.dataplane.v1.Ack
                 * @instance
                 */
                Ack.prototype.revision = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Ack errors.
                 * @member {Array.<gns3.dataplane.v1.ItemError.$Properties>} errors
                 * @memberof gns3.dataplane.v1.Ack
                 * @instance
                 */
                Ack.prototype.errors = $util.emptyArray;

                /**
                 * Ack nodes.
                 * @member {Array.<gns3.dataplane.v1.NodeReport.$Properties>} nodes
                 * @memberof gns3.dataplane.v1.Ack
                 * @instance
                 */
                Ack.prototype.nodes = $util.emptyArray;

                /**
                 * Creates a new Ack instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Ack
                 * @static
                 * @param {gns3.dataplane.v1.Ack.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Ack} Ack instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Ack.$Shape): gns3.dataplane.v1.Ack & gns3.dataplane.v1.Ack.$Shape;
                 *   (properties?: gns3.dataplane.v1.Ack.$Properties): gns3.dataplane.v1.Ack;
                 * }}
                 */
                Ack.create = function(properties) {
                    return new Ack(properties);
                };

                /**
                 * Encodes the specified Ack message. Does not implicitly {@link gns3.dataplane.v1.Ack.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Ack
                 * @static
                 * @param {gns3.dataplane.v1.Ack.$Properties} message Ack message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Ack.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision") && (typeof message.revision === "object" ? message.revision.low || message.revision.high : message.revision !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.revision);
                    if (message.errors != null && message.errors.length)
                        for (let i = 0; i < message.errors.length; ++i)
                            $root.gns3.dataplane.v1.ItemError.encode(message.errors[i], writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.nodes != null && message.nodes.length)
                        for (let i = 0; i < message.nodes.length; ++i)
                            $root.gns3.dataplane.v1.NodeReport.encode(message.nodes[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes an Ack message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Ack
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Ack & gns3.dataplane.v1.Ack.$Shape} Ack
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Ack.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Ack();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.revision = value;
                                else
                                    delete message.revision;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.errors && message.errors.length))
                                    message.errors = [];
                                message.errors.push($root.gns3.dataplane.v1.ItemError.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.nodes && message.nodes.length))
                                    message.nodes = [];
                                message.nodes.push($root.gns3.dataplane.v1.NodeReport.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Ack
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Ack
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Ack.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Ack";
                };

                return Ack;
            })();

            v1.NodeReport = (function() {

                /**
                 * Properties of a NodeReport.
                 * @typedef {Object} gns3.dataplane.v1.NodeReport.$Properties
                 * @property {string|null} [nodeId] NodeReport nodeId
                 * @property {string|null} [projectId] NodeReport projectId
                 * @property {string|null} [commandLine] NodeReport commandLine
                 * @property {gns3.dataplane.v1.IdlePcReport.$Properties|null} [idlepc] NodeReport idlepc
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a NodeReport.
                 * @memberof gns3.dataplane.v1
                 * @interface INodeReport
                 * @augments gns3.dataplane.v1.NodeReport.$Properties
                 * @deprecated Use gns3.dataplane.v1.NodeReport.$Properties instead.
                 */

                /**
                 * Shape of a NodeReport.
                 * @typedef {gns3.dataplane.v1.NodeReport.$Properties} gns3.dataplane.v1.NodeReport.$Shape
                 */

                /**
                 * Constructs a new NodeReport.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a NodeReport.
                 * @constructor
                 * @param {gns3.dataplane.v1.NodeReport.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const NodeReport = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * NodeReport nodeId.
                 * @member {string} nodeId
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @instance
                 */
                NodeReport.prototype.nodeId = "";

                /**
                 * NodeReport projectId.
                 * @member {string} projectId
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @instance
                 */
                NodeReport.prototype.projectId = "";

                /**
                 * NodeReport commandLine.
                 * @member {string} commandLine
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @instance
                 */
                NodeReport.prototype.commandLine = "";

                /**
                 * NodeReport idlepc.
                 * @member {gns3.dataplane.v1.IdlePcReport.$Properties|null|undefined} idlepc
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @instance
                 */
                NodeReport.prototype.idlepc = null;

                /**
                 * Creates a new NodeReport instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @static
                 * @param {gns3.dataplane.v1.NodeReport.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.NodeReport} NodeReport instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.NodeReport.$Shape): gns3.dataplane.v1.NodeReport & gns3.dataplane.v1.NodeReport.$Shape;
                 *   (properties?: gns3.dataplane.v1.NodeReport.$Properties): gns3.dataplane.v1.NodeReport;
                 * }}
                 */
                NodeReport.create = function(properties) {
                    return new NodeReport(properties);
                };

                /**
                 * Encodes the specified NodeReport message. Does not implicitly {@link gns3.dataplane.v1.NodeReport.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @static
                 * @param {gns3.dataplane.v1.NodeReport.$Properties} message NodeReport message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                NodeReport.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.nodeId != null && $Object.hasOwnProperty.call(message, "nodeId") && message.nodeId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.nodeId);
                    if (message.projectId != null && $Object.hasOwnProperty.call(message, "projectId") && message.projectId !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.projectId);
                    if (message.commandLine != null && $Object.hasOwnProperty.call(message, "commandLine") && message.commandLine !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.commandLine);
                    if (message.idlepc != null && $Object.hasOwnProperty.call(message, "idlepc"))
                        $root.gns3.dataplane.v1.IdlePcReport.encode(message.idlepc, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a NodeReport message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.NodeReport & gns3.dataplane.v1.NodeReport.$Shape} NodeReport
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                NodeReport.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.NodeReport();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.nodeId = value;
                                else
                                    delete message.nodeId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.projectId = value;
                                else
                                    delete message.projectId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.commandLine = value;
                                else
                                    delete message.commandLine;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.idlepc = $root.gns3.dataplane.v1.IdlePcReport.decode(reader, reader.size(), $undefined, _depth + 1, message.idlepc);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for NodeReport
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.NodeReport
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                NodeReport.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.NodeReport";
                };

                return NodeReport;
            })();

            v1.IdlePcReport = (function() {

                /**
                 * Properties of an IdlePcReport.
                 * @typedef {Object} gns3.dataplane.v1.IdlePcReport.$Properties
                 * @property {number|null} [request] IdlePcReport request
                 * @property {Array.<string>|null} [proposals] IdlePcReport proposals
                 * @property {string|null} [chosen] IdlePcReport chosen
                 * @property {string|null} [error] IdlePcReport error
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an IdlePcReport.
                 * @memberof gns3.dataplane.v1
                 * @interface IIdlePcReport
                 * @augments gns3.dataplane.v1.IdlePcReport.$Properties
                 * @deprecated Use gns3.dataplane.v1.IdlePcReport.$Properties instead.
                 */

                /**
                 * Shape of an IdlePcReport.
                 * @typedef {gns3.dataplane.v1.IdlePcReport.$Properties} gns3.dataplane.v1.IdlePcReport.$Shape
                 */

                /**
                 * Constructs a new IdlePcReport.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents an IdlePcReport.
                 * @constructor
                 * @param {gns3.dataplane.v1.IdlePcReport.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const IdlePcReport = function (properties) {
                    this.proposals = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * IdlePcReport request.
                 * @member {number} request
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @instance
                 */
                IdlePcReport.prototype.request = 0;

                /**
                 * IdlePcReport proposals.
                 * @member {Array.<string>} proposals
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @instance
                 */
                IdlePcReport.prototype.proposals = $util.emptyArray;

                /**
                 * IdlePcReport chosen.
                 * @member {string} chosen
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @instance
                 */
                IdlePcReport.prototype.chosen = "";

                /**
                 * IdlePcReport error.
                 * @member {string} error
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @instance
                 */
                IdlePcReport.prototype.error = "";

                /**
                 * Creates a new IdlePcReport instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @static
                 * @param {gns3.dataplane.v1.IdlePcReport.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.IdlePcReport} IdlePcReport instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.IdlePcReport.$Shape): gns3.dataplane.v1.IdlePcReport & gns3.dataplane.v1.IdlePcReport.$Shape;
                 *   (properties?: gns3.dataplane.v1.IdlePcReport.$Properties): gns3.dataplane.v1.IdlePcReport;
                 * }}
                 */
                IdlePcReport.create = function(properties) {
                    return new IdlePcReport(properties);
                };

                /**
                 * Encodes the specified IdlePcReport message. Does not implicitly {@link gns3.dataplane.v1.IdlePcReport.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @static
                 * @param {gns3.dataplane.v1.IdlePcReport.$Properties} message IdlePcReport message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                IdlePcReport.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.request != null && $Object.hasOwnProperty.call(message, "request") && message.request !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.request);
                    if (message.proposals != null && message.proposals.length)
                        for (let i = 0; i < message.proposals.length; ++i)
                            writer.uint32(/* id 2, wireType 2 =*/18).string(message.proposals[i]);
                    if (message.chosen != null && $Object.hasOwnProperty.call(message, "chosen") && message.chosen !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.chosen);
                    if (message.error != null && $Object.hasOwnProperty.call(message, "error") && message.error !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.error);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes an IdlePcReport message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.IdlePcReport & gns3.dataplane.v1.IdlePcReport.$Shape} IdlePcReport
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                IdlePcReport.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.IdlePcReport();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.request = value;
                                else
                                    delete message.request;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.proposals && message.proposals.length))
                                    message.proposals = [];
                                message.proposals.push(reader.stringVerify());
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.chosen = value;
                                else
                                    delete message.chosen;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.error = value;
                                else
                                    delete message.error;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for IdlePcReport
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.IdlePcReport
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                IdlePcReport.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.IdlePcReport";
                };

                return IdlePcReport;
            })();

            v1.NetworkInterface = (function() {

                /**
                 * Properties of a NetworkInterface.
                 * @typedef {Object} gns3.dataplane.v1.NetworkInterface.$Properties
                 * @property {string|null} [name] NetworkInterface name
                 * @property {string|null} [type] NetworkInterface type
                 * @property {string|null} [macAddress] NetworkInterface macAddress
                 * @property {string|null} [ipAddress] NetworkInterface ipAddress
                 * @property {string|null} [netmask] NetworkInterface netmask
                 * @property {boolean|null} [special] NetworkInterface special
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a NetworkInterface.
                 * @memberof gns3.dataplane.v1
                 * @interface INetworkInterface
                 * @augments gns3.dataplane.v1.NetworkInterface.$Properties
                 * @deprecated Use gns3.dataplane.v1.NetworkInterface.$Properties instead.
                 */

                /**
                 * Shape of a NetworkInterface.
                 * @typedef {gns3.dataplane.v1.NetworkInterface.$Properties} gns3.dataplane.v1.NetworkInterface.$Shape
                 */

                /**
                 * Constructs a new NetworkInterface.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a NetworkInterface.
                 * @constructor
                 * @param {gns3.dataplane.v1.NetworkInterface.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const NetworkInterface = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * NetworkInterface name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @instance
                 */
                NetworkInterface.prototype.name = "";

                /**
                 * NetworkInterface type.
                 * @member {string} type
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @instance
                 */
                NetworkInterface.prototype.type = "";

                /**
                 * NetworkInterface macAddress.
                 * @member {string} macAddress
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @instance
                 */
                NetworkInterface.prototype.macAddress = "";

                /**
                 * NetworkInterface ipAddress.
                 * @member {string} ipAddress
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @instance
                 */
                NetworkInterface.prototype.ipAddress = "";

                /**
                 * NetworkInterface netmask.
                 * @member {string} netmask
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @instance
                 */
                NetworkInterface.prototype.netmask = "";

                /**
                 * NetworkInterface special.
                 * @member {boolean} special
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @instance
                 */
                NetworkInterface.prototype.special = false;

                /**
                 * Creates a new NetworkInterface instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @static
                 * @param {gns3.dataplane.v1.NetworkInterface.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.NetworkInterface} NetworkInterface instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.NetworkInterface.$Shape): gns3.dataplane.v1.NetworkInterface & gns3.dataplane.v1.NetworkInterface.$Shape;
                 *   (properties?: gns3.dataplane.v1.NetworkInterface.$Properties): gns3.dataplane.v1.NetworkInterface;
                 * }}
                 */
                NetworkInterface.create = function(properties) {
                    return new NetworkInterface(properties);
                };

                /**
                 * Encodes the specified NetworkInterface message. Does not implicitly {@link gns3.dataplane.v1.NetworkInterface.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @static
                 * @param {gns3.dataplane.v1.NetworkInterface.$Properties} message NetworkInterface message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                NetworkInterface.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                    if (message.type != null && $Object.hasOwnProperty.call(message, "type") && message.type !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.type);
                    if (message.macAddress != null && $Object.hasOwnProperty.call(message, "macAddress") && message.macAddress !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.macAddress);
                    if (message.ipAddress != null && $Object.hasOwnProperty.call(message, "ipAddress") && message.ipAddress !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.ipAddress);
                    if (message.netmask != null && $Object.hasOwnProperty.call(message, "netmask") && message.netmask !== "")
                        writer.uint32(/* id 5, wireType 2 =*/42).string(message.netmask);
                    if (message.special != null && $Object.hasOwnProperty.call(message, "special") && message.special !== false)
                        writer.uint32(/* id 6, wireType 0 =*/48).bool(message.special);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a NetworkInterface message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.NetworkInterface & gns3.dataplane.v1.NetworkInterface.$Shape} NetworkInterface
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                NetworkInterface.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.NetworkInterface();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.type = value;
                                else
                                    delete message.type;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.macAddress = value;
                                else
                                    delete message.macAddress;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.ipAddress = value;
                                else
                                    delete message.ipAddress;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.netmask = value;
                                else
                                    delete message.netmask;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.special = value;
                                else
                                    delete message.special;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for NetworkInterface
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.NetworkInterface
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                NetworkInterface.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.NetworkInterface";
                };

                return NetworkInterface;
            })();

            v1.HostFacts = (function() {

                /**
                 * Properties of a HostFacts.
                 * @typedef {Object} gns3.dataplane.v1.HostFacts.$Properties
                 * @property {Array.<gns3.dataplane.v1.QemuBinary.$Properties>|null} [qemuBinaries] HostFacts qemuBinaries
                 * @property {gns3.dataplane.v1.HostFacts.Kvm|null} [kvm] HostFacts kvm
                 * @property {string|null} [kvmDetail] HostFacts kvmDetail
                 * @property {Array.<string>|null} [kvmPlatforms] HostFacts kvmPlatforms
                 * @property {Array.<number>|null} [busyConsolePorts] HostFacts busyConsolePorts
                 * @property {Array.<gns3.dataplane.v1.NetworkInterface.$Properties>|null} [interfaces] HostFacts interfaces
                 * @property {gns3.dataplane.v1.DockerFacts.$Properties|null} [docker] HostFacts docker
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a HostFacts.
                 * @memberof gns3.dataplane.v1
                 * @interface IHostFacts
                 * @augments gns3.dataplane.v1.HostFacts.$Properties
                 * @deprecated Use gns3.dataplane.v1.HostFacts.$Properties instead.
                 */

                /**
                 * Shape of a HostFacts.
                 * @typedef {gns3.dataplane.v1.HostFacts.$Properties} gns3.dataplane.v1.HostFacts.$Shape
                 */

                /**
                 * Constructs a new HostFacts.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a HostFacts.
                 * @constructor
                 * @param {gns3.dataplane.v1.HostFacts.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const HostFacts = function (properties) {
                    this.qemuBinaries = [];
                    this.kvmPlatforms = [];
                    this.busyConsolePorts = [];
                    this.interfaces = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * HostFacts qemuBinaries.
                 * @member {Array.<gns3.dataplane.v1.QemuBinary.$Properties>} qemuBinaries
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.qemuBinaries = $util.emptyArray;

                /**
                 * HostFacts kvm.
                 * @member {gns3.dataplane.v1.HostFacts.Kvm} kvm
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.kvm = 0;

                /**
                 * HostFacts kvmDetail.
                 * @member {string} kvmDetail
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.kvmDetail = "";

                /**
                 * HostFacts kvmPlatforms.
                 * @member {Array.<string>} kvmPlatforms
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.kvmPlatforms = $util.emptyArray;

                /**
                 * HostFacts busyConsolePorts.
                 * @member {Array.<number>} busyConsolePorts
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.busyConsolePorts = $util.emptyArray;

                /**
                 * HostFacts interfaces.
                 * @member {Array.<gns3.dataplane.v1.NetworkInterface.$Properties>} interfaces
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.interfaces = $util.emptyArray;

                /**
                 * HostFacts docker.
                 * @member {gns3.dataplane.v1.DockerFacts.$Properties|null|undefined} docker
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @instance
                 */
                HostFacts.prototype.docker = null;

                /**
                 * Creates a new HostFacts instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @static
                 * @param {gns3.dataplane.v1.HostFacts.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.HostFacts} HostFacts instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.HostFacts.$Shape): gns3.dataplane.v1.HostFacts & gns3.dataplane.v1.HostFacts.$Shape;
                 *   (properties?: gns3.dataplane.v1.HostFacts.$Properties): gns3.dataplane.v1.HostFacts;
                 * }}
                 */
                HostFacts.create = function(properties) {
                    return new HostFacts(properties);
                };

                /**
                 * Encodes the specified HostFacts message. Does not implicitly {@link gns3.dataplane.v1.HostFacts.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @static
                 * @param {gns3.dataplane.v1.HostFacts.$Properties} message HostFacts message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                HostFacts.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.qemuBinaries != null && message.qemuBinaries.length)
                        for (let i = 0; i < message.qemuBinaries.length; ++i)
                            $root.gns3.dataplane.v1.QemuBinary.encode(message.qemuBinaries[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.kvm != null && $Object.hasOwnProperty.call(message, "kvm") && message.kvm !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).int32(message.kvm);
                    if (message.kvmDetail != null && $Object.hasOwnProperty.call(message, "kvmDetail") && message.kvmDetail !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.kvmDetail);
                    if (message.kvmPlatforms != null && message.kvmPlatforms.length)
                        for (let i = 0; i < message.kvmPlatforms.length; ++i)
                            writer.uint32(/* id 4, wireType 2 =*/34).string(message.kvmPlatforms[i]);
                    if (message.busyConsolePorts != null && message.busyConsolePorts.length)
                        writer.uint32(/* id 5, wireType 2 =*/42).uint32s(message.busyConsolePorts);
                    if (message.interfaces != null && message.interfaces.length)
                        for (let i = 0; i < message.interfaces.length; ++i)
                            $root.gns3.dataplane.v1.NetworkInterface.encode(message.interfaces[i], writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.docker != null && $Object.hasOwnProperty.call(message, "docker"))
                        $root.gns3.dataplane.v1.DockerFacts.encode(message.docker, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a HostFacts message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.HostFacts & gns3.dataplane.v1.HostFacts.$Shape} HostFacts
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                HostFacts.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.HostFacts();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.qemuBinaries && message.qemuBinaries.length))
                                    message.qemuBinaries = [];
                                message.qemuBinaries.push($root.gns3.dataplane.v1.QemuBinary.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.kvm = value;
                                else
                                    delete message.kvm;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.kvmDetail = value;
                                else
                                    delete message.kvmDetail;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.kvmPlatforms && message.kvmPlatforms.length))
                                    message.kvmPlatforms = [];
                                message.kvmPlatforms.push(reader.stringVerify());
                                continue;
                            }
                        case 5: {
                                if (wireType === 2) {
                                    if (!(message.busyConsolePorts && message.busyConsolePorts.length))
                                        message.busyConsolePorts = [];
                                    reader.uint32s(message.busyConsolePorts);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.busyConsolePorts && message.busyConsolePorts.length))
                                    message.busyConsolePorts = [];
                                message.busyConsolePorts.push(reader.uint32());
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.interfaces && message.interfaces.length))
                                    message.interfaces = [];
                                message.interfaces.push($root.gns3.dataplane.v1.NetworkInterface.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.docker = $root.gns3.dataplane.v1.DockerFacts.decode(reader, reader.size(), $undefined, _depth + 1, message.docker);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for HostFacts
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.HostFacts
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                HostFacts.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.HostFacts";
                };

                /**
                 * Kvm enum.
                 * @name gns3.dataplane.v1.HostFacts.Kvm
                 * @enum {number}
                 * @property {number} KVM_UNPROBED=0 KVM_UNPROBED value
                 * @property {number} KVM_USABLE=1 KVM_USABLE value
                 * @property {number} KVM_UNUSABLE=2 KVM_UNUSABLE value
                 */
                HostFacts.Kvm = (function() {
                    const valuesById = $Object.create(null), values = $Object.create(valuesById);
                    values[valuesById[0] = "KVM_UNPROBED"] = 0;
                    values[valuesById[1] = "KVM_USABLE"] = 1;
                    values[valuesById[2] = "KVM_UNUSABLE"] = 2;
                    return values;
                })();

                return HostFacts;
            })();

            v1.DockerFacts = (function() {

                /**
                 * Properties of a DockerFacts.
                 * @typedef {Object} gns3.dataplane.v1.DockerFacts.$Properties
                 * @property {boolean|null} [available] DockerFacts available
                 * @property {string|null} [dockerHost] DockerFacts dockerHost
                 * @property {string|null} [detail] DockerFacts detail
                 * @property {Array.<string>|null} [images] DockerFacts images
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DockerFacts.
                 * @memberof gns3.dataplane.v1
                 * @interface IDockerFacts
                 * @augments gns3.dataplane.v1.DockerFacts.$Properties
                 * @deprecated Use gns3.dataplane.v1.DockerFacts.$Properties instead.
                 */

                /**
                 * Shape of a DockerFacts.
                 * @typedef {gns3.dataplane.v1.DockerFacts.$Properties} gns3.dataplane.v1.DockerFacts.$Shape
                 */

                /**
                 * Constructs a new DockerFacts.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DockerFacts.
                 * @constructor
                 * @param {gns3.dataplane.v1.DockerFacts.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DockerFacts = function (properties) {
                    this.images = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DockerFacts available.
                 * @member {boolean} available
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @instance
                 */
                DockerFacts.prototype.available = false;

                /**
                 * DockerFacts dockerHost.
                 * @member {string} dockerHost
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @instance
                 */
                DockerFacts.prototype.dockerHost = "";

                /**
                 * DockerFacts detail.
                 * @member {string} detail
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @instance
                 */
                DockerFacts.prototype.detail = "";

                /**
                 * DockerFacts images.
                 * @member {Array.<string>} images
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @instance
                 */
                DockerFacts.prototype.images = $util.emptyArray;

                /**
                 * Creates a new DockerFacts instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @static
                 * @param {gns3.dataplane.v1.DockerFacts.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DockerFacts} DockerFacts instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DockerFacts.$Shape): gns3.dataplane.v1.DockerFacts & gns3.dataplane.v1.DockerFacts.$Shape;
                 *   (properties?: gns3.dataplane.v1.DockerFacts.$Properties): gns3.dataplane.v1.DockerFacts;
                 * }}
                 */
                DockerFacts.create = function(properties) {
                    return new DockerFacts(properties);
                };

                /**
                 * Encodes the specified DockerFacts message. Does not implicitly {@link gns3.dataplane.v1.DockerFacts.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @static
                 * @param {gns3.dataplane.v1.DockerFacts.$Properties} message DockerFacts message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DockerFacts.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.available != null && $Object.hasOwnProperty.call(message, "available") && message.available !== false)
                        writer.uint32(/* id 1, wireType 0 =*/8).bool(message.available);
                    if (message.dockerHost != null && $Object.hasOwnProperty.call(message, "dockerHost") && message.dockerHost !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.dockerHost);
                    if (message.detail != null && $Object.hasOwnProperty.call(message, "detail") && message.detail !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.detail);
                    if (message.images != null && message.images.length)
                        for (let i = 0; i < message.images.length; ++i)
                            writer.uint32(/* id 4, wireType 2 =*/34).string(message.images[i]);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DockerFacts message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DockerFacts & gns3.dataplane.v1.DockerFacts.$Shape} DockerFacts
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DockerFacts.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DockerFacts();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.available = value;
                                else
                                    delete message.available;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.dockerHost = value;
                                else
                                    delete message.dockerHost;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.detail = value;
                                else
                                    delete message.detail;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.images && message.images.length))
                                    message.images = [];
                                message.images.push(reader.stringVerify());
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DockerFacts
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DockerFacts
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DockerFacts.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DockerFacts";
                };

                return DockerFacts;
            })();

            v1.QemuBinary = (function() {

                /**
                 * Properties of a QemuBinary.
                 * @typedef {Object} gns3.dataplane.v1.QemuBinary.$Properties
                 * @property {string|null} [path] QemuBinary path
                 * @property {string|null} [version] QemuBinary version
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a QemuBinary.
                 * @memberof gns3.dataplane.v1
                 * @interface IQemuBinary
                 * @augments gns3.dataplane.v1.QemuBinary.$Properties
                 * @deprecated Use gns3.dataplane.v1.QemuBinary.$Properties instead.
                 */

                /**
                 * Shape of a QemuBinary.
                 * @typedef {gns3.dataplane.v1.QemuBinary.$Properties} gns3.dataplane.v1.QemuBinary.$Shape
                 */

                /**
                 * Constructs a new QemuBinary.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a QemuBinary.
                 * @constructor
                 * @param {gns3.dataplane.v1.QemuBinary.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const QemuBinary = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * QemuBinary path.
                 * @member {string} path
                 * @memberof gns3.dataplane.v1.QemuBinary
                 * @instance
                 */
                QemuBinary.prototype.path = "";

                /**
                 * QemuBinary version.
                 * @member {string} version
                 * @memberof gns3.dataplane.v1.QemuBinary
                 * @instance
                 */
                QemuBinary.prototype.version = "";

                /**
                 * Creates a new QemuBinary instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.QemuBinary
                 * @static
                 * @param {gns3.dataplane.v1.QemuBinary.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.QemuBinary} QemuBinary instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.QemuBinary.$Shape): gns3.dataplane.v1.QemuBinary & gns3.dataplane.v1.QemuBinary.$Shape;
                 *   (properties?: gns3.dataplane.v1.QemuBinary.$Properties): gns3.dataplane.v1.QemuBinary;
                 * }}
                 */
                QemuBinary.create = function(properties) {
                    return new QemuBinary(properties);
                };

                /**
                 * Encodes the specified QemuBinary message. Does not implicitly {@link gns3.dataplane.v1.QemuBinary.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.QemuBinary
                 * @static
                 * @param {gns3.dataplane.v1.QemuBinary.$Properties} message QemuBinary message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                QemuBinary.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.path != null && $Object.hasOwnProperty.call(message, "path") && message.path !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.path);
                    if (message.version != null && $Object.hasOwnProperty.call(message, "version") && message.version !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.version);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a QemuBinary message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.QemuBinary
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.QemuBinary & gns3.dataplane.v1.QemuBinary.$Shape} QemuBinary
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                QemuBinary.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.QemuBinary();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.path = value;
                                else
                                    delete message.path;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.version = value;
                                else
                                    delete message.version;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for QemuBinary
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.QemuBinary
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                QemuBinary.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.QemuBinary";
                };

                return QemuBinary;
            })();

            v1.ItemError = (function() {

                /**
                 * Properties of an ItemError.
                 * @typedef {Object} gns3.dataplane.v1.ItemError.$Properties
                 * @property {gns3.dataplane.v1.ItemError.Kind|null} [kind] ItemError kind
                 * @property {string|null} [id] ItemError id
                 * @property {string|null} [message] ItemError message
                 * @property {number|null} [consolePortTaken] ItemError consolePortTaken
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an ItemError.
                 * @memberof gns3.dataplane.v1
                 * @interface IItemError
                 * @augments gns3.dataplane.v1.ItemError.$Properties
                 * @deprecated Use gns3.dataplane.v1.ItemError.$Properties instead.
                 */

                /**
                 * Shape of an ItemError.
                 * @typedef {gns3.dataplane.v1.ItemError.$Properties} gns3.dataplane.v1.ItemError.$Shape
                 */

                /**
                 * Constructs a new ItemError.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents an ItemError.
                 * @constructor
                 * @param {gns3.dataplane.v1.ItemError.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ItemError = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * ItemError kind.
                 * @member {gns3.dataplane.v1.ItemError.Kind} kind
                 * @memberof gns3.dataplane.v1.ItemError
                 * @instance
                 */
                ItemError.prototype.kind = 0;

                /**
                 * ItemError id.
                 * @member {string} id
                 * @memberof gns3.dataplane.v1.ItemError
                 * @instance
                 */
                ItemError.prototype.id = "";

                /**
                 * ItemError message.
                 * @member {string} message
                 * @memberof gns3.dataplane.v1.ItemError
                 * @instance
                 */
                ItemError.prototype.message = "";

                /**
                 * ItemError consolePortTaken.
                 * @member {number} consolePortTaken
                 * @memberof gns3.dataplane.v1.ItemError
                 * @instance
                 */
                ItemError.prototype.consolePortTaken = 0;

                /**
                 * Creates a new ItemError instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.ItemError
                 * @static
                 * @param {gns3.dataplane.v1.ItemError.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.ItemError} ItemError instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.ItemError.$Shape): gns3.dataplane.v1.ItemError & gns3.dataplane.v1.ItemError.$Shape;
                 *   (properties?: gns3.dataplane.v1.ItemError.$Properties): gns3.dataplane.v1.ItemError;
                 * }}
                 */
                ItemError.create = function(properties) {
                    return new ItemError(properties);
                };

                /**
                 * Encodes the specified ItemError message. Does not implicitly {@link gns3.dataplane.v1.ItemError.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.ItemError
                 * @static
                 * @param {gns3.dataplane.v1.ItemError.$Properties} message ItemError message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ItemError.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).int32(message.kind);
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.id);
                    if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.message);
                    if (message.consolePortTaken != null && $Object.hasOwnProperty.call(message, "consolePortTaken") && message.consolePortTaken !== 0)
                        writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.consolePortTaken);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes an ItemError message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.ItemError
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.ItemError & gns3.dataplane.v1.ItemError.$Shape} ItemError
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ItemError.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.ItemError();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.kind = value;
                                else
                                    delete message.kind;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.id = value;
                                else
                                    delete message.id;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.message = value;
                                else
                                    delete message.message;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.consolePortTaken = value;
                                else
                                    delete message.consolePortTaken;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for ItemError
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.ItemError
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                ItemError.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.ItemError";
                };

                /**
                 * Kind enum.
                 * @name gns3.dataplane.v1.ItemError.Kind
                 * @enum {number}
                 * @property {number} KIND_UNSPECIFIED=0 KIND_UNSPECIFIED value
                 * @property {number} NODE=1 NODE value
                 * @property {number} LINK=2 LINK value
                 */
                ItemError.Kind = (function() {
                    const valuesById = $Object.create(null), values = $Object.create(valuesById);
                    values[valuesById[0] = "KIND_UNSPECIFIED"] = 0;
                    values[valuesById[1] = "NODE"] = 1;
                    values[valuesById[2] = "LINK"] = 2;
                    return values;
                })();

                return ItemError;
            })();

            v1.CountersReport = (function() {

                /**
                 * Properties of a CountersReport.
                 * @typedef {Object} gns3.dataplane.v1.CountersReport.$Properties
                 * @property {Array.<gns3.dataplane.v1.LinkCounters.$Properties>|null} [links] CountersReport links
                 * @property {number|null} [sampledAtMs] CountersReport sampledAtMs
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CountersReport.
                 * @memberof gns3.dataplane.v1
                 * @interface ICountersReport
                 * @augments gns3.dataplane.v1.CountersReport.$Properties
                 * @deprecated Use gns3.dataplane.v1.CountersReport.$Properties instead.
                 */

                /**
                 * Shape of a CountersReport.
                 * @typedef {gns3.dataplane.v1.CountersReport.$Properties} gns3.dataplane.v1.CountersReport.$Shape
                 */

                /**
                 * Constructs a new CountersReport.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a CountersReport.
                 * @constructor
                 * @param {gns3.dataplane.v1.CountersReport.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CountersReport = function (properties) {
                    this.links = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * CountersReport links.
                 * @member {Array.<gns3.dataplane.v1.LinkCounters.$Properties>} links
                 * @memberof gns3.dataplane.v1.CountersReport
                 * @instance
                 */
                CountersReport.prototype.links = $util.emptyArray;

                /**
                 * CountersReport sampledAtMs.
                 * @member {number} sampledAtMs
                 * @memberof gns3.dataplane.v1.CountersReport
                 * @instance
                 */
                CountersReport.prototype.sampledAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new CountersReport instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.CountersReport
                 * @static
                 * @param {gns3.dataplane.v1.CountersReport.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.CountersReport} CountersReport instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.CountersReport.$Shape): gns3.dataplane.v1.CountersReport & gns3.dataplane.v1.CountersReport.$Shape;
                 *   (properties?: gns3.dataplane.v1.CountersReport.$Properties): gns3.dataplane.v1.CountersReport;
                 * }}
                 */
                CountersReport.create = function(properties) {
                    return new CountersReport(properties);
                };

                /**
                 * Encodes the specified CountersReport message. Does not implicitly {@link gns3.dataplane.v1.CountersReport.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.CountersReport
                 * @static
                 * @param {gns3.dataplane.v1.CountersReport.$Properties} message CountersReport message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CountersReport.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.links != null && message.links.length)
                        for (let i = 0; i < message.links.length; ++i)
                            $root.gns3.dataplane.v1.LinkCounters.encode(message.links[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.sampledAtMs != null && $Object.hasOwnProperty.call(message, "sampledAtMs") && (typeof message.sampledAtMs === "object" ? message.sampledAtMs.low || message.sampledAtMs.high : message.sampledAtMs !== 0))
                        writer.uint32(/* id 2, wireType 0 =*/16).uint64(message.sampledAtMs);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a CountersReport message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.CountersReport
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.CountersReport & gns3.dataplane.v1.CountersReport.$Shape} CountersReport
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CountersReport.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.CountersReport();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.links && message.links.length))
                                    message.links = [];
                                message.links.push($root.gns3.dataplane.v1.LinkCounters.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.sampledAtMs = value;
                                else
                                    delete message.sampledAtMs;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for CountersReport
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.CountersReport
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                CountersReport.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.CountersReport";
                };

                return CountersReport;
            })();

            v1.LinkCounters = (function() {

                /**
                 * Properties of a LinkCounters.
                 * @typedef {Object} gns3.dataplane.v1.LinkCounters.$Properties
                 * @property {string|null} [linkId] LinkCounters linkId
                 * @property {gns3.dataplane.v1.DirectionCounters.$Properties|null} [aToB] LinkCounters aToB
                 * @property {gns3.dataplane.v1.DirectionCounters.$Properties|null} [bToA] LinkCounters bToA
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a LinkCounters.
                 * @memberof gns3.dataplane.v1
                 * @interface ILinkCounters
                 * @augments gns3.dataplane.v1.LinkCounters.$Properties
                 * @deprecated Use gns3.dataplane.v1.LinkCounters.$Properties instead.
                 */

                /**
                 * Shape of a LinkCounters.
                 * @typedef {gns3.dataplane.v1.LinkCounters.$Properties} gns3.dataplane.v1.LinkCounters.$Shape
                 */

                /**
                 * Constructs a new LinkCounters.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a LinkCounters.
                 * @constructor
                 * @param {gns3.dataplane.v1.LinkCounters.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const LinkCounters = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * LinkCounters linkId.
                 * @member {string} linkId
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @instance
                 */
                LinkCounters.prototype.linkId = "";

                /**
                 * LinkCounters aToB.
                 * @member {gns3.dataplane.v1.DirectionCounters.$Properties|null|undefined} aToB
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @instance
                 */
                LinkCounters.prototype.aToB = null;

                /**
                 * LinkCounters bToA.
                 * @member {gns3.dataplane.v1.DirectionCounters.$Properties|null|undefined} bToA
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @instance
                 */
                LinkCounters.prototype.bToA = null;

                /**
                 * Creates a new LinkCounters instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @static
                 * @param {gns3.dataplane.v1.LinkCounters.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.LinkCounters} LinkCounters instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.LinkCounters.$Shape): gns3.dataplane.v1.LinkCounters & gns3.dataplane.v1.LinkCounters.$Shape;
                 *   (properties?: gns3.dataplane.v1.LinkCounters.$Properties): gns3.dataplane.v1.LinkCounters;
                 * }}
                 */
                LinkCounters.create = function(properties) {
                    return new LinkCounters(properties);
                };

                /**
                 * Encodes the specified LinkCounters message. Does not implicitly {@link gns3.dataplane.v1.LinkCounters.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @static
                 * @param {gns3.dataplane.v1.LinkCounters.$Properties} message LinkCounters message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                LinkCounters.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.linkId != null && $Object.hasOwnProperty.call(message, "linkId") && message.linkId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.linkId);
                    if (message.aToB != null && $Object.hasOwnProperty.call(message, "aToB"))
                        $root.gns3.dataplane.v1.DirectionCounters.encode(message.aToB, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.bToA != null && $Object.hasOwnProperty.call(message, "bToA"))
                        $root.gns3.dataplane.v1.DirectionCounters.encode(message.bToA, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a LinkCounters message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.LinkCounters & gns3.dataplane.v1.LinkCounters.$Shape} LinkCounters
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                LinkCounters.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.LinkCounters();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.linkId = value;
                                else
                                    delete message.linkId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.aToB = $root.gns3.dataplane.v1.DirectionCounters.decode(reader, reader.size(), $undefined, _depth + 1, message.aToB);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.bToA = $root.gns3.dataplane.v1.DirectionCounters.decode(reader, reader.size(), $undefined, _depth + 1, message.bToA);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for LinkCounters
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.LinkCounters
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                LinkCounters.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.LinkCounters";
                };

                return LinkCounters;
            })();

            v1.CaptureChunk = (function() {

                /**
                 * Properties of a CaptureChunk.
                 * @typedef {Object} gns3.dataplane.v1.CaptureChunk.$Properties
                 * @property {number|null} [streamId] CaptureChunk streamId
                 * @property {Uint8Array|null} [data] CaptureChunk data
                 * @property {boolean|null} [end] CaptureChunk end
                 * @property {string|null} [error] CaptureChunk error
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CaptureChunk.
                 * @memberof gns3.dataplane.v1
                 * @interface ICaptureChunk
                 * @augments gns3.dataplane.v1.CaptureChunk.$Properties
                 * @deprecated Use gns3.dataplane.v1.CaptureChunk.$Properties instead.
                 */

                /**
                 * Shape of a CaptureChunk.
                 * @typedef {gns3.dataplane.v1.CaptureChunk.$Properties} gns3.dataplane.v1.CaptureChunk.$Shape
                 */

                /**
                 * Constructs a new CaptureChunk.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a CaptureChunk.
                 * @constructor
                 * @param {gns3.dataplane.v1.CaptureChunk.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CaptureChunk = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * CaptureChunk streamId.
                 * @member {number} streamId
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @instance
                 */
                CaptureChunk.prototype.streamId = 0;

                /**
                 * CaptureChunk data.
                 * @member {Uint8Array} data
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @instance
                 */
                CaptureChunk.prototype.data = $util.newBuffer([]);

                /**
                 * CaptureChunk end.
                 * @member {boolean} end
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @instance
                 */
                CaptureChunk.prototype.end = false;

                /**
                 * CaptureChunk error.
                 * @member {string} error
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @instance
                 */
                CaptureChunk.prototype.error = "";

                /**
                 * Creates a new CaptureChunk instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @static
                 * @param {gns3.dataplane.v1.CaptureChunk.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.CaptureChunk} CaptureChunk instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.CaptureChunk.$Shape): gns3.dataplane.v1.CaptureChunk & gns3.dataplane.v1.CaptureChunk.$Shape;
                 *   (properties?: gns3.dataplane.v1.CaptureChunk.$Properties): gns3.dataplane.v1.CaptureChunk;
                 * }}
                 */
                CaptureChunk.create = function(properties) {
                    return new CaptureChunk(properties);
                };

                /**
                 * Encodes the specified CaptureChunk message. Does not implicitly {@link gns3.dataplane.v1.CaptureChunk.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @static
                 * @param {gns3.dataplane.v1.CaptureChunk.$Properties} message CaptureChunk message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CaptureChunk.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.streamId != null && $Object.hasOwnProperty.call(message, "streamId") && message.streamId !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.streamId);
                    if (message.data != null && $Object.hasOwnProperty.call(message, "data") && message.data.length)
                        writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.data);
                    if (message.end != null && $Object.hasOwnProperty.call(message, "end") && message.end !== false)
                        writer.uint32(/* id 3, wireType 0 =*/24).bool(message.end);
                    if (message.error != null && $Object.hasOwnProperty.call(message, "error") && message.error !== "")
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.error);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a CaptureChunk message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.CaptureChunk & gns3.dataplane.v1.CaptureChunk.$Shape} CaptureChunk
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CaptureChunk.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.CaptureChunk();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.streamId = value;
                                else
                                    delete message.streamId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.bytes()).length)
                                    message.data = value;
                                else
                                    delete message.data;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.end = value;
                                else
                                    delete message.end;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.error = value;
                                else
                                    delete message.error;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for CaptureChunk
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.CaptureChunk
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                CaptureChunk.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.CaptureChunk";
                };

                return CaptureChunk;
            })();

            v1.DirectionCounters = (function() {

                /**
                 * Properties of a DirectionCounters.
                 * @typedef {Object} gns3.dataplane.v1.DirectionCounters.$Properties
                 * @property {number|null} [framesIn] DirectionCounters framesIn
                 * @property {number|null} [framesOut] DirectionCounters framesOut
                 * @property {number|null} [bytesIn] DirectionCounters bytesIn
                 * @property {number|null} [bytesOut] DirectionCounters bytesOut
                 * @property {number|null} [droppedFrequency] DirectionCounters droppedFrequency
                 * @property {number|null} [droppedLoss] DirectionCounters droppedLoss
                 * @property {number|null} [droppedBpf] DirectionCounters droppedBpf
                 * @property {number|null} [droppedSuspended] DirectionCounters droppedSuspended
                 * @property {number|null} [corrupted] DirectionCounters corrupted
                 * @property {number|null} [delayedQueued] DirectionCounters delayedQueued
                 * @property {number|null} [droppedDelayFull] DirectionCounters droppedDelayFull
                 * @property {number|null} [droppedRateQueueFull] DirectionCounters droppedRateQueueFull
                 * @property {number|null} [droppedLossBurst] DirectionCounters droppedLossBurst
                 * @property {number|null} [duplicated] DirectionCounters duplicated
                 * @property {number|null} [reordered] DirectionCounters reordered
                 * @property {number|null} [rateQueued] DirectionCounters rateQueued
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DirectionCounters.
                 * @memberof gns3.dataplane.v1
                 * @interface IDirectionCounters
                 * @augments gns3.dataplane.v1.DirectionCounters.$Properties
                 * @deprecated Use gns3.dataplane.v1.DirectionCounters.$Properties instead.
                 */

                /**
                 * Shape of a DirectionCounters.
                 * @typedef {gns3.dataplane.v1.DirectionCounters.$Properties} gns3.dataplane.v1.DirectionCounters.$Shape
                 */

                /**
                 * Constructs a new DirectionCounters.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DirectionCounters.
                 * @constructor
                 * @param {gns3.dataplane.v1.DirectionCounters.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DirectionCounters = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DirectionCounters framesIn.
                 * @member {number} framesIn
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.framesIn = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters framesOut.
                 * @member {number} framesOut
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.framesOut = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters bytesIn.
                 * @member {number} bytesIn
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.bytesIn = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters bytesOut.
                 * @member {number} bytesOut
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.bytesOut = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedFrequency.
                 * @member {number} droppedFrequency
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedFrequency = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedLoss.
                 * @member {number} droppedLoss
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedLoss = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedBpf.
                 * @member {number} droppedBpf
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedBpf = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedSuspended.
                 * @member {number} droppedSuspended
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedSuspended = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters corrupted.
                 * @member {number} corrupted
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.corrupted = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters delayedQueued.
                 * @member {number} delayedQueued
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.delayedQueued = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedDelayFull.
                 * @member {number} droppedDelayFull
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedDelayFull = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedRateQueueFull.
                 * @member {number} droppedRateQueueFull
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedRateQueueFull = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters droppedLossBurst.
                 * @member {number} droppedLossBurst
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.droppedLossBurst = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters duplicated.
                 * @member {number} duplicated
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.duplicated = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters reordered.
                 * @member {number} reordered
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.reordered = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DirectionCounters rateQueued.
                 * @member {number} rateQueued
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @instance
                 */
                DirectionCounters.prototype.rateQueued = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new DirectionCounters instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @static
                 * @param {gns3.dataplane.v1.DirectionCounters.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DirectionCounters} DirectionCounters instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DirectionCounters.$Shape): gns3.dataplane.v1.DirectionCounters & gns3.dataplane.v1.DirectionCounters.$Shape;
                 *   (properties?: gns3.dataplane.v1.DirectionCounters.$Properties): gns3.dataplane.v1.DirectionCounters;
                 * }}
                 */
                DirectionCounters.create = function(properties) {
                    return new DirectionCounters(properties);
                };

                /**
                 * Encodes the specified DirectionCounters message. Does not implicitly {@link gns3.dataplane.v1.DirectionCounters.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @static
                 * @param {gns3.dataplane.v1.DirectionCounters.$Properties} message DirectionCounters message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DirectionCounters.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.framesIn != null && $Object.hasOwnProperty.call(message, "framesIn") && (typeof message.framesIn === "object" ? message.framesIn.low || message.framesIn.high : message.framesIn !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.framesIn);
                    if (message.framesOut != null && $Object.hasOwnProperty.call(message, "framesOut") && (typeof message.framesOut === "object" ? message.framesOut.low || message.framesOut.high : message.framesOut !== 0))
                        writer.uint32(/* id 2, wireType 0 =*/16).uint64(message.framesOut);
                    if (message.bytesIn != null && $Object.hasOwnProperty.call(message, "bytesIn") && (typeof message.bytesIn === "object" ? message.bytesIn.low || message.bytesIn.high : message.bytesIn !== 0))
                        writer.uint32(/* id 3, wireType 0 =*/24).uint64(message.bytesIn);
                    if (message.bytesOut != null && $Object.hasOwnProperty.call(message, "bytesOut") && (typeof message.bytesOut === "object" ? message.bytesOut.low || message.bytesOut.high : message.bytesOut !== 0))
                        writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.bytesOut);
                    if (message.droppedFrequency != null && $Object.hasOwnProperty.call(message, "droppedFrequency") && (typeof message.droppedFrequency === "object" ? message.droppedFrequency.low || message.droppedFrequency.high : message.droppedFrequency !== 0))
                        writer.uint32(/* id 5, wireType 0 =*/40).uint64(message.droppedFrequency);
                    if (message.droppedLoss != null && $Object.hasOwnProperty.call(message, "droppedLoss") && (typeof message.droppedLoss === "object" ? message.droppedLoss.low || message.droppedLoss.high : message.droppedLoss !== 0))
                        writer.uint32(/* id 6, wireType 0 =*/48).uint64(message.droppedLoss);
                    if (message.droppedBpf != null && $Object.hasOwnProperty.call(message, "droppedBpf") && (typeof message.droppedBpf === "object" ? message.droppedBpf.low || message.droppedBpf.high : message.droppedBpf !== 0))
                        writer.uint32(/* id 7, wireType 0 =*/56).uint64(message.droppedBpf);
                    if (message.droppedSuspended != null && $Object.hasOwnProperty.call(message, "droppedSuspended") && (typeof message.droppedSuspended === "object" ? message.droppedSuspended.low || message.droppedSuspended.high : message.droppedSuspended !== 0))
                        writer.uint32(/* id 8, wireType 0 =*/64).uint64(message.droppedSuspended);
                    if (message.corrupted != null && $Object.hasOwnProperty.call(message, "corrupted") && (typeof message.corrupted === "object" ? message.corrupted.low || message.corrupted.high : message.corrupted !== 0))
                        writer.uint32(/* id 9, wireType 0 =*/72).uint64(message.corrupted);
                    if (message.delayedQueued != null && $Object.hasOwnProperty.call(message, "delayedQueued") && (typeof message.delayedQueued === "object" ? message.delayedQueued.low || message.delayedQueued.high : message.delayedQueued !== 0))
                        writer.uint32(/* id 10, wireType 0 =*/80).uint64(message.delayedQueued);
                    if (message.droppedDelayFull != null && $Object.hasOwnProperty.call(message, "droppedDelayFull") && (typeof message.droppedDelayFull === "object" ? message.droppedDelayFull.low || message.droppedDelayFull.high : message.droppedDelayFull !== 0))
                        writer.uint32(/* id 11, wireType 0 =*/88).uint64(message.droppedDelayFull);
                    if (message.droppedRateQueueFull != null && $Object.hasOwnProperty.call(message, "droppedRateQueueFull") && (typeof message.droppedRateQueueFull === "object" ? message.droppedRateQueueFull.low || message.droppedRateQueueFull.high : message.droppedRateQueueFull !== 0))
                        writer.uint32(/* id 12, wireType 0 =*/96).uint64(message.droppedRateQueueFull);
                    if (message.droppedLossBurst != null && $Object.hasOwnProperty.call(message, "droppedLossBurst") && (typeof message.droppedLossBurst === "object" ? message.droppedLossBurst.low || message.droppedLossBurst.high : message.droppedLossBurst !== 0))
                        writer.uint32(/* id 13, wireType 0 =*/104).uint64(message.droppedLossBurst);
                    if (message.duplicated != null && $Object.hasOwnProperty.call(message, "duplicated") && (typeof message.duplicated === "object" ? message.duplicated.low || message.duplicated.high : message.duplicated !== 0))
                        writer.uint32(/* id 14, wireType 0 =*/112).uint64(message.duplicated);
                    if (message.reordered != null && $Object.hasOwnProperty.call(message, "reordered") && (typeof message.reordered === "object" ? message.reordered.low || message.reordered.high : message.reordered !== 0))
                        writer.uint32(/* id 15, wireType 0 =*/120).uint64(message.reordered);
                    if (message.rateQueued != null && $Object.hasOwnProperty.call(message, "rateQueued") && (typeof message.rateQueued === "object" ? message.rateQueued.low || message.rateQueued.high : message.rateQueued !== 0))
                        writer.uint32(/* id 16, wireType 0 =*/128).uint64(message.rateQueued);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DirectionCounters message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DirectionCounters & gns3.dataplane.v1.DirectionCounters.$Shape} DirectionCounters
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DirectionCounters.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DirectionCounters();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.framesIn = value;
                                else
                                    delete message.framesIn;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.framesOut = value;
                                else
                                    delete message.framesOut;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.bytesIn = value;
                                else
                                    delete message.bytesIn;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.bytesOut = value;
                                else
                                    delete message.bytesOut;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedFrequency = value;
                                else
                                    delete message.droppedFrequency;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedLoss = value;
                                else
                                    delete message.droppedLoss;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedBpf = value;
                                else
                                    delete message.droppedBpf;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedSuspended = value;
                                else
                                    delete message.droppedSuspended;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.corrupted = value;
                                else
                                    delete message.corrupted;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.delayedQueued = value;
                                else
                                    delete message.delayedQueued;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedDelayFull = value;
                                else
                                    delete message.droppedDelayFull;
                                continue;
                            }
                        case 12: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedRateQueueFull = value;
                                else
                                    delete message.droppedRateQueueFull;
                                continue;
                            }
                        case 13: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.droppedLossBurst = value;
                                else
                                    delete message.droppedLossBurst;
                                continue;
                            }
                        case 14: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.duplicated = value;
                                else
                                    delete message.duplicated;
                                continue;
                            }
                        case 15: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.reordered = value;
                                else
                                    delete message.reordered;
                                continue;
                            }
                        case 16: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.rateQueued = value;
                                else
                                    delete message.rateQueued;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DirectionCounters
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DirectionCounters
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DirectionCounters.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DirectionCounters";
                };

                return DirectionCounters;
            })();

            v1.ControllerMessage = (function() {

                /**
                 * Properties of a ControllerMessage.
                 * @typedef {Object} gns3.dataplane.v1.ControllerMessage.$Properties
                 * @property {gns3.dataplane.v1.DesiredHostState.$Properties|null} [state] ControllerMessage state
                 * @property {gns3.dataplane.v1.Refused.$Properties|null} [refused] ControllerMessage refused
                 * @property {gns3.dataplane.v1.CaptureFollow.$Properties|null} [captureFollow] ControllerMessage captureFollow
                 * @property {gns3.dataplane.v1.Notice.$Properties|null} [notice] ControllerMessage notice
                 * @property {gns3.dataplane.v1.StateChange.$Properties|null} [change] ControllerMessage change
                 * @property {gns3.dataplane.v1.Ping.$Properties|null} [ping] ControllerMessage ping
                 * @property {gns3.dataplane.v1.DockerImagesQuery.$Properties|null} [dockerImagesQuery] ControllerMessage dockerImagesQuery
                 * @property {"state"|"refused"|"captureFollow"|"notice"|"change"|"ping"|"dockerImagesQuery"} [body] ControllerMessage body
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a ControllerMessage.
                 * @memberof gns3.dataplane.v1
                 * @interface IControllerMessage
                 * @augments gns3.dataplane.v1.ControllerMessage.$Properties
                 * @deprecated Use gns3.dataplane.v1.ControllerMessage.$Properties instead.
                 */

                /**
                 * Narrowed shape of a ControllerMessage.
                 * @typedef {{
                 *   state?: gns3.dataplane.v1.DesiredHostState.$Shape|null;
                 *   refused?: gns3.dataplane.v1.Refused.$Shape|null;
                 *   captureFollow?: gns3.dataplane.v1.CaptureFollow.$Shape|null;
                 *   notice?: gns3.dataplane.v1.Notice.$Shape|null;
                 *   change?: gns3.dataplane.v1.StateChange.$Shape|null;
                 *   ping?: gns3.dataplane.v1.Ping.$Shape|null;
                 *   dockerImagesQuery?: gns3.dataplane.v1.DockerImagesQuery.$Shape|null;
                 *   $unknowns?: Array.<Uint8Array>;
                 * } & (
                 *   ({ body?: undefined; state?: null; refused?: null; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "state"; state: gns3.dataplane.v1.DesiredHostState.$Shape; refused?: null; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "refused"; state?: null; refused: gns3.dataplane.v1.Refused.$Shape; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "captureFollow"; state?: null; refused?: null; captureFollow: gns3.dataplane.v1.CaptureFollow.$Shape; notice?: null; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "notice"; state?: null; refused?: null; captureFollow?: null; notice: gns3.dataplane.v1.Notice.$Shape; change?: null; ping?: null; dockerImagesQuery?: null }|{ body?: "change"; state?: null; refused?: null; captureFollow?: null; notice?: null; change: gns3.dataplane.v1.StateChange.$Shape; ping?: null; dockerImagesQuery?: null }|{ body?: "ping"; state?: null; refused?: null; captureFollow?: null; notice?: null; change?: null; ping: gns3.dataplane.v1.Ping.$Shape; dockerImagesQuery?: null }|{ body?: "dockerImagesQuery"; state?: null; refused?: null; captureFollow?: null; notice?: null; change?: null; ping?: null; dockerImagesQuery: gns3.dataplane.v1.DockerImagesQuery.$Shape })
                 * )} gns3.dataplane.v1.ControllerMessage.$Shape
                 */

                /**
                 * Constructs a new ControllerMessage.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a ControllerMessage.
                 * @constructor
                 * @param {gns3.dataplane.v1.ControllerMessage.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ControllerMessage = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * ControllerMessage state.
                 * @member {gns3.dataplane.v1.DesiredHostState.$Properties|null|undefined} state
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.state = null;

                /**
                 * ControllerMessage refused.
                 * @member {gns3.dataplane.v1.Refused.$Properties|null|undefined} refused
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.refused = null;

                /**
                 * ControllerMessage captureFollow.
                 * @member {gns3.dataplane.v1.CaptureFollow.$Properties|null|undefined} captureFollow
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.captureFollow = null;

                /**
                 * ControllerMessage notice.
                 * @member {gns3.dataplane.v1.Notice.$Properties|null|undefined} notice
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.notice = null;

                /**
                 * ControllerMessage change.
                 * @member {gns3.dataplane.v1.StateChange.$Properties|null|undefined} change
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.change = null;

                /**
                 * ControllerMessage ping.
                 * @member {gns3.dataplane.v1.Ping.$Properties|null|undefined} ping
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.ping = null;

                /**
                 * ControllerMessage dockerImagesQuery.
                 * @member {gns3.dataplane.v1.DockerImagesQuery.$Properties|null|undefined} dockerImagesQuery
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                ControllerMessage.prototype.dockerImagesQuery = null;

                // OneOf field names bound to virtual getters and setters
                let $oneOfFields;

                /**
                 * ControllerMessage body.
                 * @member {"state"|"refused"|"captureFollow"|"notice"|"change"|"ping"|"dockerImagesQuery"|undefined} body
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @instance
                 */
                $Object.defineProperty(ControllerMessage.prototype, "body", {
                    get: $util.oneOfGetter($oneOfFields = ["state", "refused", "captureFollow", "notice", "change", "ping", "dockerImagesQuery"]),
                    set: $util.oneOfSetter($oneOfFields)
                });

                /**
                 * Creates a new ControllerMessage instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @static
                 * @param {gns3.dataplane.v1.ControllerMessage.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.ControllerMessage} ControllerMessage instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.ControllerMessage.$Shape): gns3.dataplane.v1.ControllerMessage & gns3.dataplane.v1.ControllerMessage.$Shape;
                 *   (properties?: gns3.dataplane.v1.ControllerMessage.$Properties): gns3.dataplane.v1.ControllerMessage;
                 * }}
                 */
                ControllerMessage.create = function(properties) {
                    return new ControllerMessage(properties);
                };

                /**
                 * Encodes the specified ControllerMessage message. Does not implicitly {@link gns3.dataplane.v1.ControllerMessage.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @static
                 * @param {gns3.dataplane.v1.ControllerMessage.$Properties} message ControllerMessage message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ControllerMessage.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.state != null && $Object.hasOwnProperty.call(message, "state"))
                        $root.gns3.dataplane.v1.DesiredHostState.encode(message.state, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.refused != null && $Object.hasOwnProperty.call(message, "refused"))
                        $root.gns3.dataplane.v1.Refused.encode(message.refused, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.captureFollow != null && $Object.hasOwnProperty.call(message, "captureFollow"))
                        $root.gns3.dataplane.v1.CaptureFollow.encode(message.captureFollow, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.notice != null && $Object.hasOwnProperty.call(message, "notice"))
                        $root.gns3.dataplane.v1.Notice.encode(message.notice, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.change != null && $Object.hasOwnProperty.call(message, "change"))
                        $root.gns3.dataplane.v1.StateChange.encode(message.change, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                    if (message.ping != null && $Object.hasOwnProperty.call(message, "ping"))
                        $root.gns3.dataplane.v1.Ping.encode(message.ping, writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.dockerImagesQuery != null && $Object.hasOwnProperty.call(message, "dockerImagesQuery"))
                        $root.gns3.dataplane.v1.DockerImagesQuery.encode(message.dockerImagesQuery, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a ControllerMessage message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.ControllerMessage & gns3.dataplane.v1.ControllerMessage.$Shape} ControllerMessage
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ControllerMessage.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.ControllerMessage();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.state = $root.gns3.dataplane.v1.DesiredHostState.decode(reader, reader.size(), $undefined, _depth + 1, message.state);
                                message.body = "state";
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.refused = $root.gns3.dataplane.v1.Refused.decode(reader, reader.size(), $undefined, _depth + 1, message.refused);
                                message.body = "refused";
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.captureFollow = $root.gns3.dataplane.v1.CaptureFollow.decode(reader, reader.size(), $undefined, _depth + 1, message.captureFollow);
                                message.body = "captureFollow";
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.notice = $root.gns3.dataplane.v1.Notice.decode(reader, reader.size(), $undefined, _depth + 1, message.notice);
                                message.body = "notice";
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                message.change = $root.gns3.dataplane.v1.StateChange.decode(reader, reader.size(), $undefined, _depth + 1, message.change);
                                message.body = "change";
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.ping = $root.gns3.dataplane.v1.Ping.decode(reader, reader.size(), $undefined, _depth + 1, message.ping);
                                message.body = "ping";
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.dockerImagesQuery = $root.gns3.dataplane.v1.DockerImagesQuery.decode(reader, reader.size(), $undefined, _depth + 1, message.dockerImagesQuery);
                                message.body = "dockerImagesQuery";
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for ControllerMessage
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.ControllerMessage
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                ControllerMessage.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.ControllerMessage";
                };

                return ControllerMessage;
            })();

            v1.DockerImagesQuery = (function() {

                /**
                 * Properties of a DockerImagesQuery.
                 * @typedef {Object} gns3.dataplane.v1.DockerImagesQuery.$Properties
                 * @property {number|null} [queryId] DockerImagesQuery queryId
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DockerImagesQuery.
                 * @memberof gns3.dataplane.v1
                 * @interface IDockerImagesQuery
                 * @augments gns3.dataplane.v1.DockerImagesQuery.$Properties
                 * @deprecated Use gns3.dataplane.v1.DockerImagesQuery.$Properties instead.
                 */

                /**
                 * Shape of a DockerImagesQuery.
                 * @typedef {gns3.dataplane.v1.DockerImagesQuery.$Properties} gns3.dataplane.v1.DockerImagesQuery.$Shape
                 */

                /**
                 * Constructs a new DockerImagesQuery.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DockerImagesQuery.
                 * @constructor
                 * @param {gns3.dataplane.v1.DockerImagesQuery.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DockerImagesQuery = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DockerImagesQuery queryId.
                 * @member {number} queryId
                 * @memberof gns3.dataplane.v1.DockerImagesQuery
                 * @instance
                 */
                DockerImagesQuery.prototype.queryId = 0;

                /**
                 * Creates a new DockerImagesQuery instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DockerImagesQuery
                 * @static
                 * @param {gns3.dataplane.v1.DockerImagesQuery.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DockerImagesQuery} DockerImagesQuery instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DockerImagesQuery.$Shape): gns3.dataplane.v1.DockerImagesQuery & gns3.dataplane.v1.DockerImagesQuery.$Shape;
                 *   (properties?: gns3.dataplane.v1.DockerImagesQuery.$Properties): gns3.dataplane.v1.DockerImagesQuery;
                 * }}
                 */
                DockerImagesQuery.create = function(properties) {
                    return new DockerImagesQuery(properties);
                };

                /**
                 * Encodes the specified DockerImagesQuery message. Does not implicitly {@link gns3.dataplane.v1.DockerImagesQuery.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DockerImagesQuery
                 * @static
                 * @param {gns3.dataplane.v1.DockerImagesQuery.$Properties} message DockerImagesQuery message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DockerImagesQuery.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.queryId != null && $Object.hasOwnProperty.call(message, "queryId") && message.queryId !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.queryId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DockerImagesQuery message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DockerImagesQuery
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DockerImagesQuery & gns3.dataplane.v1.DockerImagesQuery.$Shape} DockerImagesQuery
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DockerImagesQuery.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DockerImagesQuery();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.queryId = value;
                                else
                                    delete message.queryId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DockerImagesQuery
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DockerImagesQuery
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DockerImagesQuery.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DockerImagesQuery";
                };

                return DockerImagesQuery;
            })();

            v1.Ping = (function() {

                /**
                 * Properties of a Ping.
                 * @typedef {Object} gns3.dataplane.v1.Ping.$Properties
                 * @property {number|null} [nonce] Ping nonce
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Ping.
                 * @memberof gns3.dataplane.v1
                 * @interface IPing
                 * @augments gns3.dataplane.v1.Ping.$Properties
                 * @deprecated Use gns3.dataplane.v1.Ping.$Properties instead.
                 */

                /**
                 * Shape of a Ping.
                 * @typedef {gns3.dataplane.v1.Ping.$Properties} gns3.dataplane.v1.Ping.$Shape
                 */

                /**
                 * Constructs a new Ping.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Ping.
                 * @constructor
                 * @param {gns3.dataplane.v1.Ping.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Ping = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Ping nonce.
                 * @member {number} nonce
                 * @memberof gns3.dataplane.v1.Ping
                 * @instance
                 */
                Ping.prototype.nonce = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * Creates a new Ping instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Ping
                 * @static
                 * @param {gns3.dataplane.v1.Ping.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Ping} Ping instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Ping.$Shape): gns3.dataplane.v1.Ping & gns3.dataplane.v1.Ping.$Shape;
                 *   (properties?: gns3.dataplane.v1.Ping.$Properties): gns3.dataplane.v1.Ping;
                 * }}
                 */
                Ping.create = function(properties) {
                    return new Ping(properties);
                };

                /**
                 * Encodes the specified Ping message. Does not implicitly {@link gns3.dataplane.v1.Ping.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Ping
                 * @static
                 * @param {gns3.dataplane.v1.Ping.$Properties} message Ping message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Ping.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.nonce != null && $Object.hasOwnProperty.call(message, "nonce") && (typeof message.nonce === "object" ? message.nonce.low || message.nonce.high : message.nonce !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.nonce);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Ping message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Ping
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Ping & gns3.dataplane.v1.Ping.$Shape} Ping
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Ping.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Ping();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.nonce = value;
                                else
                                    delete message.nonce;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Ping
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Ping
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Ping.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Ping";
                };

                return Ping;
            })();

            v1.Notice = (function() {

                /**
                 * Properties of a Notice.
                 * @typedef {Object} gns3.dataplane.v1.Notice.$Properties
                 * @property {string|null} [message] Notice message
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Notice.
                 * @memberof gns3.dataplane.v1
                 * @interface INotice
                 * @augments gns3.dataplane.v1.Notice.$Properties
                 * @deprecated Use gns3.dataplane.v1.Notice.$Properties instead.
                 */

                /**
                 * Shape of a Notice.
                 * @typedef {gns3.dataplane.v1.Notice.$Properties} gns3.dataplane.v1.Notice.$Shape
                 */

                /**
                 * Constructs a new Notice.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Notice.
                 * @constructor
                 * @param {gns3.dataplane.v1.Notice.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Notice = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Notice message.
                 * @member {string} message
                 * @memberof gns3.dataplane.v1.Notice
                 * @instance
                 */
                Notice.prototype.message = "";

                /**
                 * Creates a new Notice instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Notice
                 * @static
                 * @param {gns3.dataplane.v1.Notice.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Notice} Notice instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Notice.$Shape): gns3.dataplane.v1.Notice & gns3.dataplane.v1.Notice.$Shape;
                 *   (properties?: gns3.dataplane.v1.Notice.$Properties): gns3.dataplane.v1.Notice;
                 * }}
                 */
                Notice.create = function(properties) {
                    return new Notice(properties);
                };

                /**
                 * Encodes the specified Notice message. Does not implicitly {@link gns3.dataplane.v1.Notice.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Notice
                 * @static
                 * @param {gns3.dataplane.v1.Notice.$Properties} message Notice message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Notice.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.message);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Notice message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Notice
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Notice & gns3.dataplane.v1.Notice.$Shape} Notice
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Notice.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Notice();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.message = value;
                                else
                                    delete message.message;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Notice
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Notice
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Notice.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Notice";
                };

                return Notice;
            })();

            v1.CaptureFollow = (function() {

                /**
                 * Properties of a CaptureFollow.
                 * @typedef {Object} gns3.dataplane.v1.CaptureFollow.$Properties
                 * @property {number|null} [streamId] CaptureFollow streamId
                 * @property {string|null} [relativePath] CaptureFollow relativePath
                 * @property {number|null} [offset] CaptureFollow offset
                 * @property {boolean|null} [stop] CaptureFollow stop
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CaptureFollow.
                 * @memberof gns3.dataplane.v1
                 * @interface ICaptureFollow
                 * @augments gns3.dataplane.v1.CaptureFollow.$Properties
                 * @deprecated Use gns3.dataplane.v1.CaptureFollow.$Properties instead.
                 */

                /**
                 * Shape of a CaptureFollow.
                 * @typedef {gns3.dataplane.v1.CaptureFollow.$Properties} gns3.dataplane.v1.CaptureFollow.$Shape
                 */

                /**
                 * Constructs a new CaptureFollow.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a CaptureFollow.
                 * @constructor
                 * @param {gns3.dataplane.v1.CaptureFollow.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CaptureFollow = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * CaptureFollow streamId.
                 * @member {number} streamId
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @instance
                 */
                CaptureFollow.prototype.streamId = 0;

                /**
                 * CaptureFollow relativePath.
                 * @member {string} relativePath
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @instance
                 */
                CaptureFollow.prototype.relativePath = "";

                /**
                 * CaptureFollow offset.
                 * @member {number} offset
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @instance
                 */
                CaptureFollow.prototype.offset = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * CaptureFollow stop.
                 * @member {boolean} stop
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @instance
                 */
                CaptureFollow.prototype.stop = false;

                /**
                 * Creates a new CaptureFollow instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @static
                 * @param {gns3.dataplane.v1.CaptureFollow.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.CaptureFollow} CaptureFollow instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.CaptureFollow.$Shape): gns3.dataplane.v1.CaptureFollow & gns3.dataplane.v1.CaptureFollow.$Shape;
                 *   (properties?: gns3.dataplane.v1.CaptureFollow.$Properties): gns3.dataplane.v1.CaptureFollow;
                 * }}
                 */
                CaptureFollow.create = function(properties) {
                    return new CaptureFollow(properties);
                };

                /**
                 * Encodes the specified CaptureFollow message. Does not implicitly {@link gns3.dataplane.v1.CaptureFollow.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @static
                 * @param {gns3.dataplane.v1.CaptureFollow.$Properties} message CaptureFollow message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CaptureFollow.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.streamId != null && $Object.hasOwnProperty.call(message, "streamId") && message.streamId !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.streamId);
                    if (message.relativePath != null && $Object.hasOwnProperty.call(message, "relativePath") && message.relativePath !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.relativePath);
                    if (message.offset != null && $Object.hasOwnProperty.call(message, "offset") && (typeof message.offset === "object" ? message.offset.low || message.offset.high : message.offset !== 0))
                        writer.uint32(/* id 3, wireType 0 =*/24).uint64(message.offset);
                    if (message.stop != null && $Object.hasOwnProperty.call(message, "stop") && message.stop !== false)
                        writer.uint32(/* id 4, wireType 0 =*/32).bool(message.stop);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a CaptureFollow message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.CaptureFollow & gns3.dataplane.v1.CaptureFollow.$Shape} CaptureFollow
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CaptureFollow.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.CaptureFollow();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.streamId = value;
                                else
                                    delete message.streamId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.relativePath = value;
                                else
                                    delete message.relativePath;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.offset = value;
                                else
                                    delete message.offset;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.stop = value;
                                else
                                    delete message.stop;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for CaptureFollow
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.CaptureFollow
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                CaptureFollow.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.CaptureFollow";
                };

                return CaptureFollow;
            })();

            v1.Refused = (function() {

                /**
                 * Properties of a Refused.
                 * @typedef {Object} gns3.dataplane.v1.Refused.$Properties
                 * @property {string|null} [message] Refused message
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Refused.
                 * @memberof gns3.dataplane.v1
                 * @interface IRefused
                 * @augments gns3.dataplane.v1.Refused.$Properties
                 * @deprecated Use gns3.dataplane.v1.Refused.$Properties instead.
                 */

                /**
                 * Shape of a Refused.
                 * @typedef {gns3.dataplane.v1.Refused.$Properties} gns3.dataplane.v1.Refused.$Shape
                 */

                /**
                 * Constructs a new Refused.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Refused.
                 * @constructor
                 * @param {gns3.dataplane.v1.Refused.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Refused = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Refused message.
                 * @member {string} message
                 * @memberof gns3.dataplane.v1.Refused
                 * @instance
                 */
                Refused.prototype.message = "";

                /**
                 * Creates a new Refused instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Refused
                 * @static
                 * @param {gns3.dataplane.v1.Refused.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Refused} Refused instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Refused.$Shape): gns3.dataplane.v1.Refused & gns3.dataplane.v1.Refused.$Shape;
                 *   (properties?: gns3.dataplane.v1.Refused.$Properties): gns3.dataplane.v1.Refused;
                 * }}
                 */
                Refused.create = function(properties) {
                    return new Refused(properties);
                };

                /**
                 * Encodes the specified Refused message. Does not implicitly {@link gns3.dataplane.v1.Refused.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Refused
                 * @static
                 * @param {gns3.dataplane.v1.Refused.$Properties} message Refused message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Refused.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.message);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Refused message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Refused
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Refused & gns3.dataplane.v1.Refused.$Shape} Refused
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Refused.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Refused();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.message = value;
                                else
                                    delete message.message;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Refused
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Refused
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Refused.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Refused";
                };

                return Refused;
            })();

            v1.DesiredHostState = (function() {

                /**
                 * Properties of a DesiredHostState.
                 * @typedef {Object} gns3.dataplane.v1.DesiredHostState.$Properties
                 * @property {number|null} [revision] DesiredHostState revision
                 * @property {Array.<gns3.dataplane.v1.NodeSpec.$Properties>|null} [nodes] DesiredHostState nodes
                 * @property {Array.<gns3.dataplane.v1.LinkSpec.$Properties>|null} [links] DesiredHostState links
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DesiredHostState.
                 * @memberof gns3.dataplane.v1
                 * @interface IDesiredHostState
                 * @augments gns3.dataplane.v1.DesiredHostState.$Properties
                 * @deprecated Use gns3.dataplane.v1.DesiredHostState.$Properties instead.
                 */

                /**
                 * Shape of a DesiredHostState.
                 * @typedef {gns3.dataplane.v1.DesiredHostState.$Properties} gns3.dataplane.v1.DesiredHostState.$Shape
                 */

                /**
                 * Constructs a new DesiredHostState.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DesiredHostState.
                 * @constructor
                 * @param {gns3.dataplane.v1.DesiredHostState.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DesiredHostState = function (properties) {
                    this.nodes = [];
                    this.links = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DesiredHostState revision.
                 * @member {number} revision
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @instance
                 */
                DesiredHostState.prototype.revision = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * DesiredHostState nodes.
                 * @member {Array.<gns3.dataplane.v1.NodeSpec.$Properties>} nodes
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @instance
                 */
                DesiredHostState.prototype.nodes = $util.emptyArray;

                /**
                 * DesiredHostState links.
                 * @member {Array.<gns3.dataplane.v1.LinkSpec.$Properties>} links
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @instance
                 */
                DesiredHostState.prototype.links = $util.emptyArray;

                /**
                 * Creates a new DesiredHostState instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @static
                 * @param {gns3.dataplane.v1.DesiredHostState.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DesiredHostState} DesiredHostState instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DesiredHostState.$Shape): gns3.dataplane.v1.DesiredHostState & gns3.dataplane.v1.DesiredHostState.$Shape;
                 *   (properties?: gns3.dataplane.v1.DesiredHostState.$Properties): gns3.dataplane.v1.DesiredHostState;
                 * }}
                 */
                DesiredHostState.create = function(properties) {
                    return new DesiredHostState(properties);
                };

                /**
                 * Encodes the specified DesiredHostState message. Does not implicitly {@link gns3.dataplane.v1.DesiredHostState.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @static
                 * @param {gns3.dataplane.v1.DesiredHostState.$Properties} message DesiredHostState message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DesiredHostState.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision") && (typeof message.revision === "object" ? message.revision.low || message.revision.high : message.revision !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.revision);
                    if (message.nodes != null && message.nodes.length)
                        for (let i = 0; i < message.nodes.length; ++i)
                            $root.gns3.dataplane.v1.NodeSpec.encode(message.nodes[i], writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.links != null && message.links.length)
                        for (let i = 0; i < message.links.length; ++i)
                            $root.gns3.dataplane.v1.LinkSpec.encode(message.links[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DesiredHostState message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DesiredHostState & gns3.dataplane.v1.DesiredHostState.$Shape} DesiredHostState
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DesiredHostState.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DesiredHostState();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.revision = value;
                                else
                                    delete message.revision;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.nodes && message.nodes.length))
                                    message.nodes = [];
                                message.nodes.push($root.gns3.dataplane.v1.NodeSpec.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.links && message.links.length))
                                    message.links = [];
                                message.links.push($root.gns3.dataplane.v1.LinkSpec.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DesiredHostState
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DesiredHostState
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DesiredHostState.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DesiredHostState";
                };

                return DesiredHostState;
            })();

            v1.StateChange = (function() {

                /**
                 * Properties of a StateChange.
                 * @typedef {Object} gns3.dataplane.v1.StateChange.$Properties
                 * @property {number|null} [revision] StateChange revision
                 * @property {number|null} [baseRevision] StateChange baseRevision
                 * @property {Array.<gns3.dataplane.v1.NodeSpec.$Properties>|null} [nodes] StateChange nodes
                 * @property {Array.<gns3.dataplane.v1.LinkSpec.$Properties>|null} [links] StateChange links
                 * @property {Array.<gns3.dataplane.v1.ItemKey.$Properties>|null} [removedNodes] StateChange removedNodes
                 * @property {Array.<gns3.dataplane.v1.ItemKey.$Properties>|null} [removedLinks] StateChange removedLinks
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a StateChange.
                 * @memberof gns3.dataplane.v1
                 * @interface IStateChange
                 * @augments gns3.dataplane.v1.StateChange.$Properties
                 * @deprecated Use gns3.dataplane.v1.StateChange.$Properties instead.
                 */

                /**
                 * Shape of a StateChange.
                 * @typedef {gns3.dataplane.v1.StateChange.$Properties} gns3.dataplane.v1.StateChange.$Shape
                 */

                /**
                 * Constructs a new StateChange.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a StateChange.
                 * @constructor
                 * @param {gns3.dataplane.v1.StateChange.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const StateChange = function (properties) {
                    this.nodes = [];
                    this.links = [];
                    this.removedNodes = [];
                    this.removedLinks = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * StateChange revision.
                 * @member {number} revision
                 * @memberof gns3.dataplane.v1.StateChange
                 * @instance
                 */
                StateChange.prototype.revision = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * StateChange baseRevision.
                 * @member {number} baseRevision
                 * @memberof gns3.dataplane.v1.StateChange
                 * @instance
                 */
                StateChange.prototype.baseRevision = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

                /**
                 * StateChange nodes.
                 * @member {Array.<gns3.dataplane.v1.NodeSpec.$Properties>} nodes
                 * @memberof gns3.dataplane.v1.StateChange
                 * @instance
                 */
                StateChange.prototype.nodes = $util.emptyArray;

                /**
                 * StateChange links.
                 * @member {Array.<gns3.dataplane.v1.LinkSpec.$Properties>} links
                 * @memberof gns3.dataplane.v1.StateChange
                 * @instance
                 */
                StateChange.prototype.links = $util.emptyArray;

                /**
                 * StateChange removedNodes.
                 * @member {Array.<gns3.dataplane.v1.ItemKey.$Properties>} removedNodes
                 * @memberof gns3.dataplane.v1.StateChange
                 * @instance
                 */
                StateChange.prototype.removedNodes = $util.emptyArray;

                /**
                 * StateChange removedLinks.
                 * @member {Array.<gns3.dataplane.v1.ItemKey.$Properties>} removedLinks
                 * @memberof gns3.dataplane.v1.StateChange
                 * @instance
                 */
                StateChange.prototype.removedLinks = $util.emptyArray;

                /**
                 * Creates a new StateChange instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.StateChange
                 * @static
                 * @param {gns3.dataplane.v1.StateChange.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.StateChange} StateChange instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.StateChange.$Shape): gns3.dataplane.v1.StateChange & gns3.dataplane.v1.StateChange.$Shape;
                 *   (properties?: gns3.dataplane.v1.StateChange.$Properties): gns3.dataplane.v1.StateChange;
                 * }}
                 */
                StateChange.create = function(properties) {
                    return new StateChange(properties);
                };

                /**
                 * Encodes the specified StateChange message. Does not implicitly {@link gns3.dataplane.v1.StateChange.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.StateChange
                 * @static
                 * @param {gns3.dataplane.v1.StateChange.$Properties} message StateChange message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                StateChange.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.revision != null && $Object.hasOwnProperty.call(message, "revision") && (typeof message.revision === "object" ? message.revision.low || message.revision.high : message.revision !== 0))
                        writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.revision);
                    if (message.baseRevision != null && $Object.hasOwnProperty.call(message, "baseRevision") && (typeof message.baseRevision === "object" ? message.baseRevision.low || message.baseRevision.high : message.baseRevision !== 0))
                        writer.uint32(/* id 2, wireType 0 =*/16).uint64(message.baseRevision);
                    if (message.nodes != null && message.nodes.length)
                        for (let i = 0; i < message.nodes.length; ++i)
                            $root.gns3.dataplane.v1.NodeSpec.encode(message.nodes[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.links != null && message.links.length)
                        for (let i = 0; i < message.links.length; ++i)
                            $root.gns3.dataplane.v1.LinkSpec.encode(message.links[i], writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.removedNodes != null && message.removedNodes.length)
                        for (let i = 0; i < message.removedNodes.length; ++i)
                            $root.gns3.dataplane.v1.ItemKey.encode(message.removedNodes[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                    if (message.removedLinks != null && message.removedLinks.length)
                        for (let i = 0; i < message.removedLinks.length; ++i)
                            $root.gns3.dataplane.v1.ItemKey.encode(message.removedLinks[i], writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a StateChange message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.StateChange
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.StateChange & gns3.dataplane.v1.StateChange.$Shape} StateChange
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                StateChange.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.StateChange();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.revision = value;
                                else
                                    delete message.revision;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                    message.baseRevision = value;
                                else
                                    delete message.baseRevision;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.nodes && message.nodes.length))
                                    message.nodes = [];
                                message.nodes.push($root.gns3.dataplane.v1.NodeSpec.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.links && message.links.length))
                                    message.links = [];
                                message.links.push($root.gns3.dataplane.v1.LinkSpec.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.removedNodes && message.removedNodes.length))
                                    message.removedNodes = [];
                                message.removedNodes.push($root.gns3.dataplane.v1.ItemKey.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.removedLinks && message.removedLinks.length))
                                    message.removedLinks = [];
                                message.removedLinks.push($root.gns3.dataplane.v1.ItemKey.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for StateChange
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.StateChange
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                StateChange.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.StateChange";
                };

                return StateChange;
            })();

            v1.ItemKey = (function() {

                /**
                 * Properties of an ItemKey.
                 * @typedef {Object} gns3.dataplane.v1.ItemKey.$Properties
                 * @property {string|null} [projectId] ItemKey projectId
                 * @property {string|null} [id] ItemKey id
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an ItemKey.
                 * @memberof gns3.dataplane.v1
                 * @interface IItemKey
                 * @augments gns3.dataplane.v1.ItemKey.$Properties
                 * @deprecated Use gns3.dataplane.v1.ItemKey.$Properties instead.
                 */

                /**
                 * Shape of an ItemKey.
                 * @typedef {gns3.dataplane.v1.ItemKey.$Properties} gns3.dataplane.v1.ItemKey.$Shape
                 */

                /**
                 * Constructs a new ItemKey.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents an ItemKey.
                 * @constructor
                 * @param {gns3.dataplane.v1.ItemKey.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const ItemKey = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * ItemKey projectId.
                 * @member {string} projectId
                 * @memberof gns3.dataplane.v1.ItemKey
                 * @instance
                 */
                ItemKey.prototype.projectId = "";

                /**
                 * ItemKey id.
                 * @member {string} id
                 * @memberof gns3.dataplane.v1.ItemKey
                 * @instance
                 */
                ItemKey.prototype.id = "";

                /**
                 * Creates a new ItemKey instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.ItemKey
                 * @static
                 * @param {gns3.dataplane.v1.ItemKey.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.ItemKey} ItemKey instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.ItemKey.$Shape): gns3.dataplane.v1.ItemKey & gns3.dataplane.v1.ItemKey.$Shape;
                 *   (properties?: gns3.dataplane.v1.ItemKey.$Properties): gns3.dataplane.v1.ItemKey;
                 * }}
                 */
                ItemKey.create = function(properties) {
                    return new ItemKey(properties);
                };

                /**
                 * Encodes the specified ItemKey message. Does not implicitly {@link gns3.dataplane.v1.ItemKey.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.ItemKey
                 * @static
                 * @param {gns3.dataplane.v1.ItemKey.$Properties} message ItemKey message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                ItemKey.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.projectId != null && $Object.hasOwnProperty.call(message, "projectId") && message.projectId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.projectId);
                    if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.id);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes an ItemKey message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.ItemKey
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.ItemKey & gns3.dataplane.v1.ItemKey.$Shape} ItemKey
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                ItemKey.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.ItemKey();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.projectId = value;
                                else
                                    delete message.projectId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.id = value;
                                else
                                    delete message.id;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for ItemKey
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.ItemKey
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                ItemKey.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.ItemKey";
                };

                return ItemKey;
            })();

            /**
             * NodeKind enum.
             * @name gns3.dataplane.v1.NodeKind
             * @enum {number}
             * @property {number} NODE_KIND_UNSPECIFIED=0 NODE_KIND_UNSPECIFIED value
             * @property {number} VPCS=1 VPCS value
             * @property {number} ETHERNET_SWITCH=2 ETHERNET_SWITCH value
             * @property {number} ETHERNET_HUB=3 ETHERNET_HUB value
             * @property {number} CLOUD=4 CLOUD value
             * @property {number} QEMU=5 QEMU value
             * @property {number} NAT=6 NAT value
             * @property {number} DOCKER=7 DOCKER value
             * @property {number} FRAME_RELAY_SWITCH=8 FRAME_RELAY_SWITCH value
             * @property {number} ATM_SWITCH=9 ATM_SWITCH value
             * @property {number} DYNAMIPS=10 DYNAMIPS value
             */
            v1.NodeKind = (function() {
                const valuesById = $Object.create(null), values = $Object.create(valuesById);
                values[valuesById[0] = "NODE_KIND_UNSPECIFIED"] = 0;
                values[valuesById[1] = "VPCS"] = 1;
                values[valuesById[2] = "ETHERNET_SWITCH"] = 2;
                values[valuesById[3] = "ETHERNET_HUB"] = 3;
                values[valuesById[4] = "CLOUD"] = 4;
                values[valuesById[5] = "QEMU"] = 5;
                values[valuesById[6] = "NAT"] = 6;
                values[valuesById[7] = "DOCKER"] = 7;
                values[valuesById[8] = "FRAME_RELAY_SWITCH"] = 8;
                values[valuesById[9] = "ATM_SWITCH"] = 9;
                values[valuesById[10] = "DYNAMIPS"] = 10;
                return values;
            })();

            v1.NodeSpec = (function() {

                /**
                 * Properties of a NodeSpec.
                 * @typedef {Object} gns3.dataplane.v1.NodeSpec.$Properties
                 * @property {string|null} [nodeId] NodeSpec nodeId
                 * @property {string|null} [projectId] NodeSpec projectId
                 * @property {string|null} [name] NodeSpec name
                 * @property {gns3.dataplane.v1.NodeKind|null} [kind] NodeSpec kind
                 * @property {boolean|null} [running] NodeSpec running
                 * @property {number|null} [consolePort] NodeSpec consolePort
                 * @property {Array.<gns3.dataplane.v1.PortSpec.$Properties>|null} [ports] NodeSpec ports
                 * @property {string|null} [startupScript] NodeSpec startupScript
                 * @property {number|null} [restartGeneration] NodeSpec restartGeneration
                 * @property {boolean|null} [suspended] NodeSpec suspended
                 * @property {gns3.dataplane.v1.QemuSpec.$Properties|null} [qemu] NodeSpec qemu
                 * @property {gns3.dataplane.v1.DockerSpec.$Properties|null} [docker] NodeSpec docker
                 * @property {gns3.dataplane.v1.DynamipsSpec.$Properties|null} [dynamips] NodeSpec dynamips
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a NodeSpec.
                 * @memberof gns3.dataplane.v1
                 * @interface INodeSpec
                 * @augments gns3.dataplane.v1.NodeSpec.$Properties
                 * @deprecated Use gns3.dataplane.v1.NodeSpec.$Properties instead.
                 */

                /**
                 * Shape of a NodeSpec.
                 * @typedef {gns3.dataplane.v1.NodeSpec.$Properties} gns3.dataplane.v1.NodeSpec.$Shape
                 */

                /**
                 * Constructs a new NodeSpec.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a NodeSpec.
                 * @constructor
                 * @param {gns3.dataplane.v1.NodeSpec.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const NodeSpec = function (properties) {
                    this.ports = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * NodeSpec nodeId.
                 * @member {string} nodeId
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.nodeId = "";

                /**
                 * NodeSpec projectId.
                 * @member {string} projectId
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.projectId = "";

                /**
                 * NodeSpec name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.name = "";

                /**
                 * NodeSpec kind.
                 * @member {gns3.dataplane.v1.NodeKind} kind
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.kind = 0;

                /**
                 * NodeSpec running.
                 * @member {boolean} running
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.running = false;

                /**
                 * NodeSpec consolePort.
                 * @member {number} consolePort
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.consolePort = 0;

                /**
                 * NodeSpec ports.
                 * @member {Array.<gns3.dataplane.v1.PortSpec.$Properties>} ports
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.ports = $util.emptyArray;

                /**
                 * NodeSpec startupScript.
                 * @member {string} startupScript
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.startupScript = "";

                /**
                 * NodeSpec restartGeneration.
                 * @member {number} restartGeneration
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.restartGeneration = 0;

                /**
                 * NodeSpec suspended.
                 * @member {boolean} suspended
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.suspended = false;

                /**
                 * NodeSpec qemu.
                 * @member {gns3.dataplane.v1.QemuSpec.$Properties|null|undefined} qemu
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.qemu = null;

                /**
                 * NodeSpec docker.
                 * @member {gns3.dataplane.v1.DockerSpec.$Properties|null|undefined} docker
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.docker = null;

                /**
                 * NodeSpec dynamips.
                 * @member {gns3.dataplane.v1.DynamipsSpec.$Properties|null|undefined} dynamips
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @instance
                 */
                NodeSpec.prototype.dynamips = null;

                /**
                 * Creates a new NodeSpec instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @static
                 * @param {gns3.dataplane.v1.NodeSpec.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.NodeSpec} NodeSpec instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.NodeSpec.$Shape): gns3.dataplane.v1.NodeSpec & gns3.dataplane.v1.NodeSpec.$Shape;
                 *   (properties?: gns3.dataplane.v1.NodeSpec.$Properties): gns3.dataplane.v1.NodeSpec;
                 * }}
                 */
                NodeSpec.create = function(properties) {
                    return new NodeSpec(properties);
                };

                /**
                 * Encodes the specified NodeSpec message. Does not implicitly {@link gns3.dataplane.v1.NodeSpec.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @static
                 * @param {gns3.dataplane.v1.NodeSpec.$Properties} message NodeSpec message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                NodeSpec.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.nodeId != null && $Object.hasOwnProperty.call(message, "nodeId") && message.nodeId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.nodeId);
                    if (message.projectId != null && $Object.hasOwnProperty.call(message, "projectId") && message.projectId !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.projectId);
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.name);
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== 0)
                        writer.uint32(/* id 4, wireType 0 =*/32).int32(message.kind);
                    if (message.running != null && $Object.hasOwnProperty.call(message, "running") && message.running !== false)
                        writer.uint32(/* id 5, wireType 0 =*/40).bool(message.running);
                    if (message.consolePort != null && $Object.hasOwnProperty.call(message, "consolePort") && message.consolePort !== 0)
                        writer.uint32(/* id 6, wireType 0 =*/48).uint32(message.consolePort);
                    if (message.ports != null && message.ports.length)
                        for (let i = 0; i < message.ports.length; ++i)
                            $root.gns3.dataplane.v1.PortSpec.encode(message.ports[i], writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.startupScript != null && $Object.hasOwnProperty.call(message, "startupScript") && message.startupScript !== "")
                        writer.uint32(/* id 8, wireType 2 =*/66).string(message.startupScript);
                    if (message.restartGeneration != null && $Object.hasOwnProperty.call(message, "restartGeneration") && message.restartGeneration !== 0)
                        writer.uint32(/* id 9, wireType 0 =*/72).uint32(message.restartGeneration);
                    if (message.suspended != null && $Object.hasOwnProperty.call(message, "suspended") && message.suspended !== false)
                        writer.uint32(/* id 10, wireType 0 =*/80).bool(message.suspended);
                    if (message.qemu != null && $Object.hasOwnProperty.call(message, "qemu"))
                        $root.gns3.dataplane.v1.QemuSpec.encode(message.qemu, writer.uint32(/* id 11, wireType 2 =*/90).fork(), _depth + 1).ldelim();
                    if (message.docker != null && $Object.hasOwnProperty.call(message, "docker"))
                        $root.gns3.dataplane.v1.DockerSpec.encode(message.docker, writer.uint32(/* id 12, wireType 2 =*/98).fork(), _depth + 1).ldelim();
                    if (message.dynamips != null && $Object.hasOwnProperty.call(message, "dynamips"))
                        $root.gns3.dataplane.v1.DynamipsSpec.encode(message.dynamips, writer.uint32(/* id 13, wireType 2 =*/106).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a NodeSpec message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.NodeSpec & gns3.dataplane.v1.NodeSpec.$Shape} NodeSpec
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                NodeSpec.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.NodeSpec();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.nodeId = value;
                                else
                                    delete message.nodeId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.projectId = value;
                                else
                                    delete message.projectId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.kind = value;
                                else
                                    delete message.kind;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.running = value;
                                else
                                    delete message.running;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.consolePort = value;
                                else
                                    delete message.consolePort;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.ports && message.ports.length))
                                    message.ports = [];
                                message.ports.push($root.gns3.dataplane.v1.PortSpec.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.startupScript = value;
                                else
                                    delete message.startupScript;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.restartGeneration = value;
                                else
                                    delete message.restartGeneration;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.suspended = value;
                                else
                                    delete message.suspended;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 2)
                                    break;
                                message.qemu = $root.gns3.dataplane.v1.QemuSpec.decode(reader, reader.size(), $undefined, _depth + 1, message.qemu);
                                continue;
                            }
                        case 12: {
                                if (wireType !== 2)
                                    break;
                                message.docker = $root.gns3.dataplane.v1.DockerSpec.decode(reader, reader.size(), $undefined, _depth + 1, message.docker);
                                continue;
                            }
                        case 13: {
                                if (wireType !== 2)
                                    break;
                                message.dynamips = $root.gns3.dataplane.v1.DynamipsSpec.decode(reader, reader.size(), $undefined, _depth + 1, message.dynamips);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for NodeSpec
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.NodeSpec
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                NodeSpec.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.NodeSpec";
                };

                return NodeSpec;
            })();

            v1.DynamipsSpec = (function() {

                /**
                 * Properties of a DynamipsSpec.
                 * @typedef {Object} gns3.dataplane.v1.DynamipsSpec.$Properties
                 * @property {Array.<gns3.dataplane.v1.VirtualCircuit.$Properties>|null} [circuits] DynamipsSpec circuits
                 * @property {string|null} [platform] DynamipsSpec platform
                 * @property {gns3.dataplane.v1.QemuImage.$Properties|null} [image] DynamipsSpec image
                 * @property {number|null} [dynamipsId] DynamipsSpec dynamipsId
                 * @property {number|null} [ramMb] DynamipsSpec ramMb
                 * @property {number|null} [nvramKb] DynamipsSpec nvramKb
                 * @property {string|null} [chassis] DynamipsSpec chassis
                 * @property {string|null} [npe] DynamipsSpec npe
                 * @property {string|null} [midplane] DynamipsSpec midplane
                 * @property {Array.<gns3.dataplane.v1.DynamipsCard.$Properties>|null} [cards] DynamipsSpec cards
                 * @property {string|null} [idlepc] DynamipsSpec idlepc
                 * @property {number|null} [idlemax] DynamipsSpec idlemax
                 * @property {number|null} [idlesleep] DynamipsSpec idlesleep
                 * @property {number|null} [execAreaMb] DynamipsSpec execAreaMb
                 * @property {boolean|null} [mmap] DynamipsSpec mmap
                 * @property {boolean|null} [sparsemem] DynamipsSpec sparsemem
                 * @property {number|null} [clockDivisor] DynamipsSpec clockDivisor
                 * @property {number|null} [disk0Mb] DynamipsSpec disk0Mb
                 * @property {number|null} [disk1Mb] DynamipsSpec disk1Mb
                 * @property {number|null} [iomemPercent] DynamipsSpec iomemPercent
                 * @property {string|null} [macAddress] DynamipsSpec macAddress
                 * @property {string|null} [systemId] DynamipsSpec systemId
                 * @property {number|null} [auxPort] DynamipsSpec auxPort
                 * @property {string|null} [privateConfig] DynamipsSpec privateConfig
                 * @property {string|null} [consoleType] DynamipsSpec consoleType
                 * @property {Array.<gns3.dataplane.v1.RouterPort.$Properties>|null} [ports] DynamipsSpec ports
                 * @property {number|null} [idlepcRequest] DynamipsSpec idlepcRequest
                 * @property {boolean|null} [idlepcAuto] DynamipsSpec idlepcAuto
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DynamipsSpec.
                 * @memberof gns3.dataplane.v1
                 * @interface IDynamipsSpec
                 * @augments gns3.dataplane.v1.DynamipsSpec.$Properties
                 * @deprecated Use gns3.dataplane.v1.DynamipsSpec.$Properties instead.
                 */

                /**
                 * Shape of a DynamipsSpec.
                 * @typedef {gns3.dataplane.v1.DynamipsSpec.$Properties} gns3.dataplane.v1.DynamipsSpec.$Shape
                 */

                /**
                 * Constructs a new DynamipsSpec.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DynamipsSpec.
                 * @constructor
                 * @param {gns3.dataplane.v1.DynamipsSpec.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DynamipsSpec = function (properties) {
                    this.circuits = [];
                    this.cards = [];
                    this.ports = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DynamipsSpec circuits.
                 * @member {Array.<gns3.dataplane.v1.VirtualCircuit.$Properties>} circuits
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.circuits = $util.emptyArray;

                /**
                 * DynamipsSpec platform.
                 * @member {string} platform
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.platform = "";

                /**
                 * DynamipsSpec image.
                 * @member {gns3.dataplane.v1.QemuImage.$Properties|null|undefined} image
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.image = null;

                /**
                 * DynamipsSpec dynamipsId.
                 * @member {number} dynamipsId
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.dynamipsId = 0;

                /**
                 * DynamipsSpec ramMb.
                 * @member {number} ramMb
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.ramMb = 0;

                /**
                 * DynamipsSpec nvramKb.
                 * @member {number} nvramKb
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.nvramKb = 0;

                /**
                 * DynamipsSpec chassis.
                 * @member {string} chassis
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.chassis = "";

                /**
                 * DynamipsSpec npe.
                 * @member {string} npe
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.npe = "";

                /**
                 * DynamipsSpec midplane.
                 * @member {string} midplane
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.midplane = "";

                /**
                 * DynamipsSpec cards.
                 * @member {Array.<gns3.dataplane.v1.DynamipsCard.$Properties>} cards
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.cards = $util.emptyArray;

                /**
                 * DynamipsSpec idlepc.
                 * @member {string} idlepc
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.idlepc = "";

                /**
                 * DynamipsSpec idlemax.
                 * @member {number} idlemax
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.idlemax = 0;

                /**
                 * DynamipsSpec idlesleep.
                 * @member {number} idlesleep
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.idlesleep = 0;

                /**
                 * DynamipsSpec execAreaMb.
                 * @member {number} execAreaMb
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.execAreaMb = 0;

                /**
                 * DynamipsSpec mmap.
                 * @member {boolean} mmap
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.mmap = false;

                /**
                 * DynamipsSpec sparsemem.
                 * @member {boolean} sparsemem
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.sparsemem = false;

                /**
                 * DynamipsSpec clockDivisor.
                 * @member {number} clockDivisor
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.clockDivisor = 0;

                /**
                 * DynamipsSpec disk0Mb.
                 * @member {number} disk0Mb
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.disk0Mb = 0;

                /**
                 * DynamipsSpec disk1Mb.
                 * @member {number} disk1Mb
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.disk1Mb = 0;

                /**
                 * DynamipsSpec iomemPercent.
                 * @member {number} iomemPercent
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.iomemPercent = 0;

                /**
                 * DynamipsSpec macAddress.
                 * @member {string} macAddress
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.macAddress = "";

                /**
                 * DynamipsSpec systemId.
                 * @member {string} systemId
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.systemId = "";

                /**
                 * DynamipsSpec auxPort.
                 * @member {number} auxPort
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.auxPort = 0;

                /**
                 * DynamipsSpec privateConfig.
                 * @member {string} privateConfig
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.privateConfig = "";

                /**
                 * DynamipsSpec consoleType.
                 * @member {string} consoleType
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.consoleType = "";

                /**
                 * DynamipsSpec ports.
                 * @member {Array.<gns3.dataplane.v1.RouterPort.$Properties>} ports
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.ports = $util.emptyArray;

                /**
                 * DynamipsSpec idlepcRequest.
                 * @member {number} idlepcRequest
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.idlepcRequest = 0;

                /**
                 * DynamipsSpec idlepcAuto.
                 * @member {boolean} idlepcAuto
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @instance
                 */
                DynamipsSpec.prototype.idlepcAuto = false;

                /**
                 * Creates a new DynamipsSpec instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @static
                 * @param {gns3.dataplane.v1.DynamipsSpec.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DynamipsSpec} DynamipsSpec instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DynamipsSpec.$Shape): gns3.dataplane.v1.DynamipsSpec & gns3.dataplane.v1.DynamipsSpec.$Shape;
                 *   (properties?: gns3.dataplane.v1.DynamipsSpec.$Properties): gns3.dataplane.v1.DynamipsSpec;
                 * }}
                 */
                DynamipsSpec.create = function(properties) {
                    return new DynamipsSpec(properties);
                };

                /**
                 * Encodes the specified DynamipsSpec message. Does not implicitly {@link gns3.dataplane.v1.DynamipsSpec.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @static
                 * @param {gns3.dataplane.v1.DynamipsSpec.$Properties} message DynamipsSpec message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DynamipsSpec.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.circuits != null && message.circuits.length)
                        for (let i = 0; i < message.circuits.length; ++i)
                            $root.gns3.dataplane.v1.VirtualCircuit.encode(message.circuits[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.platform != null && $Object.hasOwnProperty.call(message, "platform") && message.platform !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.platform);
                    if (message.image != null && $Object.hasOwnProperty.call(message, "image"))
                        $root.gns3.dataplane.v1.QemuImage.encode(message.image, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.dynamipsId != null && $Object.hasOwnProperty.call(message, "dynamipsId") && message.dynamipsId !== 0)
                        writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.dynamipsId);
                    if (message.ramMb != null && $Object.hasOwnProperty.call(message, "ramMb") && message.ramMb !== 0)
                        writer.uint32(/* id 5, wireType 0 =*/40).uint32(message.ramMb);
                    if (message.nvramKb != null && $Object.hasOwnProperty.call(message, "nvramKb") && message.nvramKb !== 0)
                        writer.uint32(/* id 6, wireType 0 =*/48).uint32(message.nvramKb);
                    if (message.chassis != null && $Object.hasOwnProperty.call(message, "chassis") && message.chassis !== "")
                        writer.uint32(/* id 7, wireType 2 =*/58).string(message.chassis);
                    if (message.npe != null && $Object.hasOwnProperty.call(message, "npe") && message.npe !== "")
                        writer.uint32(/* id 8, wireType 2 =*/66).string(message.npe);
                    if (message.midplane != null && $Object.hasOwnProperty.call(message, "midplane") && message.midplane !== "")
                        writer.uint32(/* id 9, wireType 2 =*/74).string(message.midplane);
                    if (message.cards != null && message.cards.length)
                        for (let i = 0; i < message.cards.length; ++i)
                            $root.gns3.dataplane.v1.DynamipsCard.encode(message.cards[i], writer.uint32(/* id 10, wireType 2 =*/82).fork(), _depth + 1).ldelim();
                    if (message.idlepc != null && $Object.hasOwnProperty.call(message, "idlepc") && message.idlepc !== "")
                        writer.uint32(/* id 11, wireType 2 =*/90).string(message.idlepc);
                    if (message.idlemax != null && $Object.hasOwnProperty.call(message, "idlemax") && message.idlemax !== 0)
                        writer.uint32(/* id 12, wireType 0 =*/96).uint32(message.idlemax);
                    if (message.idlesleep != null && $Object.hasOwnProperty.call(message, "idlesleep") && message.idlesleep !== 0)
                        writer.uint32(/* id 13, wireType 0 =*/104).uint32(message.idlesleep);
                    if (message.execAreaMb != null && $Object.hasOwnProperty.call(message, "execAreaMb") && message.execAreaMb !== 0)
                        writer.uint32(/* id 14, wireType 0 =*/112).uint32(message.execAreaMb);
                    if (message.mmap != null && $Object.hasOwnProperty.call(message, "mmap") && message.mmap !== false)
                        writer.uint32(/* id 15, wireType 0 =*/120).bool(message.mmap);
                    if (message.sparsemem != null && $Object.hasOwnProperty.call(message, "sparsemem") && message.sparsemem !== false)
                        writer.uint32(/* id 16, wireType 0 =*/128).bool(message.sparsemem);
                    if (message.clockDivisor != null && $Object.hasOwnProperty.call(message, "clockDivisor") && message.clockDivisor !== 0)
                        writer.uint32(/* id 17, wireType 0 =*/136).uint32(message.clockDivisor);
                    if (message.disk0Mb != null && $Object.hasOwnProperty.call(message, "disk0Mb") && message.disk0Mb !== 0)
                        writer.uint32(/* id 18, wireType 0 =*/144).uint32(message.disk0Mb);
                    if (message.disk1Mb != null && $Object.hasOwnProperty.call(message, "disk1Mb") && message.disk1Mb !== 0)
                        writer.uint32(/* id 19, wireType 0 =*/152).uint32(message.disk1Mb);
                    if (message.iomemPercent != null && $Object.hasOwnProperty.call(message, "iomemPercent") && message.iomemPercent !== 0)
                        writer.uint32(/* id 20, wireType 0 =*/160).uint32(message.iomemPercent);
                    if (message.macAddress != null && $Object.hasOwnProperty.call(message, "macAddress") && message.macAddress !== "")
                        writer.uint32(/* id 21, wireType 2 =*/170).string(message.macAddress);
                    if (message.systemId != null && $Object.hasOwnProperty.call(message, "systemId") && message.systemId !== "")
                        writer.uint32(/* id 22, wireType 2 =*/178).string(message.systemId);
                    if (message.auxPort != null && $Object.hasOwnProperty.call(message, "auxPort") && message.auxPort !== 0)
                        writer.uint32(/* id 23, wireType 0 =*/184).uint32(message.auxPort);
                    if (message.privateConfig != null && $Object.hasOwnProperty.call(message, "privateConfig") && message.privateConfig !== "")
                        writer.uint32(/* id 24, wireType 2 =*/194).string(message.privateConfig);
                    if (message.consoleType != null && $Object.hasOwnProperty.call(message, "consoleType") && message.consoleType !== "")
                        writer.uint32(/* id 25, wireType 2 =*/202).string(message.consoleType);
                    if (message.ports != null && message.ports.length)
                        for (let i = 0; i < message.ports.length; ++i)
                            $root.gns3.dataplane.v1.RouterPort.encode(message.ports[i], writer.uint32(/* id 26, wireType 2 =*/210).fork(), _depth + 1).ldelim();
                    if (message.idlepcRequest != null && $Object.hasOwnProperty.call(message, "idlepcRequest") && message.idlepcRequest !== 0)
                        writer.uint32(/* id 27, wireType 0 =*/216).uint32(message.idlepcRequest);
                    if (message.idlepcAuto != null && $Object.hasOwnProperty.call(message, "idlepcAuto") && message.idlepcAuto !== false)
                        writer.uint32(/* id 28, wireType 0 =*/224).bool(message.idlepcAuto);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DynamipsSpec message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DynamipsSpec & gns3.dataplane.v1.DynamipsSpec.$Shape} DynamipsSpec
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DynamipsSpec.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DynamipsSpec();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.circuits && message.circuits.length))
                                    message.circuits = [];
                                message.circuits.push($root.gns3.dataplane.v1.VirtualCircuit.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.platform = value;
                                else
                                    delete message.platform;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.image = $root.gns3.dataplane.v1.QemuImage.decode(reader, reader.size(), $undefined, _depth + 1, message.image);
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.dynamipsId = value;
                                else
                                    delete message.dynamipsId;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.ramMb = value;
                                else
                                    delete message.ramMb;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.nvramKb = value;
                                else
                                    delete message.nvramKb;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.chassis = value;
                                else
                                    delete message.chassis;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.npe = value;
                                else
                                    delete message.npe;
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.midplane = value;
                                else
                                    delete message.midplane;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.cards && message.cards.length))
                                    message.cards = [];
                                message.cards.push($root.gns3.dataplane.v1.DynamipsCard.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 11: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.idlepc = value;
                                else
                                    delete message.idlepc;
                                continue;
                            }
                        case 12: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.idlemax = value;
                                else
                                    delete message.idlemax;
                                continue;
                            }
                        case 13: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.idlesleep = value;
                                else
                                    delete message.idlesleep;
                                continue;
                            }
                        case 14: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.execAreaMb = value;
                                else
                                    delete message.execAreaMb;
                                continue;
                            }
                        case 15: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.mmap = value;
                                else
                                    delete message.mmap;
                                continue;
                            }
                        case 16: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.sparsemem = value;
                                else
                                    delete message.sparsemem;
                                continue;
                            }
                        case 17: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.clockDivisor = value;
                                else
                                    delete message.clockDivisor;
                                continue;
                            }
                        case 18: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.disk0Mb = value;
                                else
                                    delete message.disk0Mb;
                                continue;
                            }
                        case 19: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.disk1Mb = value;
                                else
                                    delete message.disk1Mb;
                                continue;
                            }
                        case 20: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.iomemPercent = value;
                                else
                                    delete message.iomemPercent;
                                continue;
                            }
                        case 21: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.macAddress = value;
                                else
                                    delete message.macAddress;
                                continue;
                            }
                        case 22: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.systemId = value;
                                else
                                    delete message.systemId;
                                continue;
                            }
                        case 23: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.auxPort = value;
                                else
                                    delete message.auxPort;
                                continue;
                            }
                        case 24: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.privateConfig = value;
                                else
                                    delete message.privateConfig;
                                continue;
                            }
                        case 25: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.consoleType = value;
                                else
                                    delete message.consoleType;
                                continue;
                            }
                        case 26: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.ports && message.ports.length))
                                    message.ports = [];
                                message.ports.push($root.gns3.dataplane.v1.RouterPort.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 27: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.idlepcRequest = value;
                                else
                                    delete message.idlepcRequest;
                                continue;
                            }
                        case 28: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.idlepcAuto = value;
                                else
                                    delete message.idlepcAuto;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DynamipsSpec
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DynamipsSpec
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DynamipsSpec.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DynamipsSpec";
                };

                return DynamipsSpec;
            })();

            v1.RouterPort = (function() {

                /**
                 * Properties of a RouterPort.
                 * @typedef {Object} gns3.dataplane.v1.RouterPort.$Properties
                 * @property {number|null} [slot] RouterPort slot
                 * @property {number|null} [port] RouterPort port
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a RouterPort.
                 * @memberof gns3.dataplane.v1
                 * @interface IRouterPort
                 * @augments gns3.dataplane.v1.RouterPort.$Properties
                 * @deprecated Use gns3.dataplane.v1.RouterPort.$Properties instead.
                 */

                /**
                 * Shape of a RouterPort.
                 * @typedef {gns3.dataplane.v1.RouterPort.$Properties} gns3.dataplane.v1.RouterPort.$Shape
                 */

                /**
                 * Constructs a new RouterPort.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a RouterPort.
                 * @constructor
                 * @param {gns3.dataplane.v1.RouterPort.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const RouterPort = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * RouterPort slot.
                 * @member {number} slot
                 * @memberof gns3.dataplane.v1.RouterPort
                 * @instance
                 */
                RouterPort.prototype.slot = 0;

                /**
                 * RouterPort port.
                 * @member {number} port
                 * @memberof gns3.dataplane.v1.RouterPort
                 * @instance
                 */
                RouterPort.prototype.port = 0;

                /**
                 * Creates a new RouterPort instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.RouterPort
                 * @static
                 * @param {gns3.dataplane.v1.RouterPort.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.RouterPort} RouterPort instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.RouterPort.$Shape): gns3.dataplane.v1.RouterPort & gns3.dataplane.v1.RouterPort.$Shape;
                 *   (properties?: gns3.dataplane.v1.RouterPort.$Properties): gns3.dataplane.v1.RouterPort;
                 * }}
                 */
                RouterPort.create = function(properties) {
                    return new RouterPort(properties);
                };

                /**
                 * Encodes the specified RouterPort message. Does not implicitly {@link gns3.dataplane.v1.RouterPort.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.RouterPort
                 * @static
                 * @param {gns3.dataplane.v1.RouterPort.$Properties} message RouterPort message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                RouterPort.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.slot != null && $Object.hasOwnProperty.call(message, "slot") && message.slot !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.slot);
                    if (message.port != null && $Object.hasOwnProperty.call(message, "port") && message.port !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.port);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a RouterPort message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.RouterPort
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.RouterPort & gns3.dataplane.v1.RouterPort.$Shape} RouterPort
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                RouterPort.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.RouterPort();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.slot = value;
                                else
                                    delete message.slot;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.port = value;
                                else
                                    delete message.port;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for RouterPort
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.RouterPort
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                RouterPort.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.RouterPort";
                };

                return RouterPort;
            })();

            v1.VirtualCircuit = (function() {

                /**
                 * Properties of a VirtualCircuit.
                 * @typedef {Object} gns3.dataplane.v1.VirtualCircuit.$Properties
                 * @property {gns3.dataplane.v1.CircuitEnd.$Properties|null} [a] VirtualCircuit a
                 * @property {gns3.dataplane.v1.CircuitEnd.$Properties|null} [b] VirtualCircuit b
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a VirtualCircuit.
                 * @memberof gns3.dataplane.v1
                 * @interface IVirtualCircuit
                 * @augments gns3.dataplane.v1.VirtualCircuit.$Properties
                 * @deprecated Use gns3.dataplane.v1.VirtualCircuit.$Properties instead.
                 */

                /**
                 * Shape of a VirtualCircuit.
                 * @typedef {gns3.dataplane.v1.VirtualCircuit.$Properties} gns3.dataplane.v1.VirtualCircuit.$Shape
                 */

                /**
                 * Constructs a new VirtualCircuit.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a VirtualCircuit.
                 * @constructor
                 * @param {gns3.dataplane.v1.VirtualCircuit.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const VirtualCircuit = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * VirtualCircuit a.
                 * @member {gns3.dataplane.v1.CircuitEnd.$Properties|null|undefined} a
                 * @memberof gns3.dataplane.v1.VirtualCircuit
                 * @instance
                 */
                VirtualCircuit.prototype.a = null;

                /**
                 * VirtualCircuit b.
                 * @member {gns3.dataplane.v1.CircuitEnd.$Properties|null|undefined} b
                 * @memberof gns3.dataplane.v1.VirtualCircuit
                 * @instance
                 */
                VirtualCircuit.prototype.b = null;

                /**
                 * Creates a new VirtualCircuit instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.VirtualCircuit
                 * @static
                 * @param {gns3.dataplane.v1.VirtualCircuit.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.VirtualCircuit} VirtualCircuit instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.VirtualCircuit.$Shape): gns3.dataplane.v1.VirtualCircuit & gns3.dataplane.v1.VirtualCircuit.$Shape;
                 *   (properties?: gns3.dataplane.v1.VirtualCircuit.$Properties): gns3.dataplane.v1.VirtualCircuit;
                 * }}
                 */
                VirtualCircuit.create = function(properties) {
                    return new VirtualCircuit(properties);
                };

                /**
                 * Encodes the specified VirtualCircuit message. Does not implicitly {@link gns3.dataplane.v1.VirtualCircuit.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.VirtualCircuit
                 * @static
                 * @param {gns3.dataplane.v1.VirtualCircuit.$Properties} message VirtualCircuit message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                VirtualCircuit.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.a != null && $Object.hasOwnProperty.call(message, "a"))
                        $root.gns3.dataplane.v1.CircuitEnd.encode(message.a, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                    if (message.b != null && $Object.hasOwnProperty.call(message, "b"))
                        $root.gns3.dataplane.v1.CircuitEnd.encode(message.b, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a VirtualCircuit message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.VirtualCircuit
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.VirtualCircuit & gns3.dataplane.v1.VirtualCircuit.$Shape} VirtualCircuit
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                VirtualCircuit.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.VirtualCircuit();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                message.a = $root.gns3.dataplane.v1.CircuitEnd.decode(reader, reader.size(), $undefined, _depth + 1, message.a);
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.b = $root.gns3.dataplane.v1.CircuitEnd.decode(reader, reader.size(), $undefined, _depth + 1, message.b);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for VirtualCircuit
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.VirtualCircuit
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                VirtualCircuit.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.VirtualCircuit";
                };

                return VirtualCircuit;
            })();

            v1.CircuitEnd = (function() {

                /**
                 * Properties of a CircuitEnd.
                 * @typedef {Object} gns3.dataplane.v1.CircuitEnd.$Properties
                 * @property {number|null} [port] CircuitEnd port
                 * @property {Array.<number>|null} [ids] CircuitEnd ids
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a CircuitEnd.
                 * @memberof gns3.dataplane.v1
                 * @interface ICircuitEnd
                 * @augments gns3.dataplane.v1.CircuitEnd.$Properties
                 * @deprecated Use gns3.dataplane.v1.CircuitEnd.$Properties instead.
                 */

                /**
                 * Shape of a CircuitEnd.
                 * @typedef {gns3.dataplane.v1.CircuitEnd.$Properties} gns3.dataplane.v1.CircuitEnd.$Shape
                 */

                /**
                 * Constructs a new CircuitEnd.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a CircuitEnd.
                 * @constructor
                 * @param {gns3.dataplane.v1.CircuitEnd.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const CircuitEnd = function (properties) {
                    this.ids = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * CircuitEnd port.
                 * @member {number} port
                 * @memberof gns3.dataplane.v1.CircuitEnd
                 * @instance
                 */
                CircuitEnd.prototype.port = 0;

                /**
                 * CircuitEnd ids.
                 * @member {Array.<number>} ids
                 * @memberof gns3.dataplane.v1.CircuitEnd
                 * @instance
                 */
                CircuitEnd.prototype.ids = $util.emptyArray;

                /**
                 * Creates a new CircuitEnd instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.CircuitEnd
                 * @static
                 * @param {gns3.dataplane.v1.CircuitEnd.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.CircuitEnd} CircuitEnd instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.CircuitEnd.$Shape): gns3.dataplane.v1.CircuitEnd & gns3.dataplane.v1.CircuitEnd.$Shape;
                 *   (properties?: gns3.dataplane.v1.CircuitEnd.$Properties): gns3.dataplane.v1.CircuitEnd;
                 * }}
                 */
                CircuitEnd.create = function(properties) {
                    return new CircuitEnd(properties);
                };

                /**
                 * Encodes the specified CircuitEnd message. Does not implicitly {@link gns3.dataplane.v1.CircuitEnd.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.CircuitEnd
                 * @static
                 * @param {gns3.dataplane.v1.CircuitEnd.$Properties} message CircuitEnd message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                CircuitEnd.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.port != null && $Object.hasOwnProperty.call(message, "port") && message.port !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.port);
                    if (message.ids != null && message.ids.length)
                        writer.uint32(/* id 2, wireType 2 =*/18).uint32s(message.ids);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a CircuitEnd message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.CircuitEnd
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.CircuitEnd & gns3.dataplane.v1.CircuitEnd.$Shape} CircuitEnd
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                CircuitEnd.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.CircuitEnd();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.port = value;
                                else
                                    delete message.port;
                                continue;
                            }
                        case 2: {
                                if (wireType === 2) {
                                    if (!(message.ids && message.ids.length))
                                        message.ids = [];
                                    reader.uint32s(message.ids);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.ids && message.ids.length))
                                    message.ids = [];
                                message.ids.push(reader.uint32());
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for CircuitEnd
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.CircuitEnd
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                CircuitEnd.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.CircuitEnd";
                };

                return CircuitEnd;
            })();

            v1.DynamipsCard = (function() {

                /**
                 * Properties of a DynamipsCard.
                 * @typedef {Object} gns3.dataplane.v1.DynamipsCard.$Properties
                 * @property {number|null} [slot] DynamipsCard slot
                 * @property {number|null} [subslot] DynamipsCard subslot
                 * @property {string|null} [name] DynamipsCard name
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DynamipsCard.
                 * @memberof gns3.dataplane.v1
                 * @interface IDynamipsCard
                 * @augments gns3.dataplane.v1.DynamipsCard.$Properties
                 * @deprecated Use gns3.dataplane.v1.DynamipsCard.$Properties instead.
                 */

                /**
                 * Shape of a DynamipsCard.
                 * @typedef {gns3.dataplane.v1.DynamipsCard.$Properties} gns3.dataplane.v1.DynamipsCard.$Shape
                 */

                /**
                 * Constructs a new DynamipsCard.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DynamipsCard.
                 * @constructor
                 * @param {gns3.dataplane.v1.DynamipsCard.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DynamipsCard = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DynamipsCard slot.
                 * @member {number} slot
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @instance
                 */
                DynamipsCard.prototype.slot = 0;

                /**
                 * DynamipsCard subslot.
                 * @member {number} subslot
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @instance
                 */
                DynamipsCard.prototype.subslot = 0;

                /**
                 * DynamipsCard name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @instance
                 */
                DynamipsCard.prototype.name = "";

                /**
                 * Creates a new DynamipsCard instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @static
                 * @param {gns3.dataplane.v1.DynamipsCard.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DynamipsCard} DynamipsCard instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DynamipsCard.$Shape): gns3.dataplane.v1.DynamipsCard & gns3.dataplane.v1.DynamipsCard.$Shape;
                 *   (properties?: gns3.dataplane.v1.DynamipsCard.$Properties): gns3.dataplane.v1.DynamipsCard;
                 * }}
                 */
                DynamipsCard.create = function(properties) {
                    return new DynamipsCard(properties);
                };

                /**
                 * Encodes the specified DynamipsCard message. Does not implicitly {@link gns3.dataplane.v1.DynamipsCard.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @static
                 * @param {gns3.dataplane.v1.DynamipsCard.$Properties} message DynamipsCard message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DynamipsCard.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.slot != null && $Object.hasOwnProperty.call(message, "slot") && message.slot !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.slot);
                    if (message.subslot != null && $Object.hasOwnProperty.call(message, "subslot") && message.subslot !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.subslot);
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.name);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DynamipsCard message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DynamipsCard & gns3.dataplane.v1.DynamipsCard.$Shape} DynamipsCard
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DynamipsCard.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DynamipsCard();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.slot = value;
                                else
                                    delete message.slot;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.subslot = value;
                                else
                                    delete message.subslot;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DynamipsCard
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DynamipsCard
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DynamipsCard.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DynamipsCard";
                };

                return DynamipsCard;
            })();

            v1.DockerSpec = (function() {

                /**
                 * Properties of a DockerSpec.
                 * @typedef {Object} gns3.dataplane.v1.DockerSpec.$Properties
                 * @property {string|null} [image] DockerSpec image
                 * @property {Array.<string>|null} [command] DockerSpec command
                 * @property {Array.<string>|null} [environment] DockerSpec environment
                 * @property {Array.<gns3.dataplane.v1.DockerHost.$Properties>|null} [extraHosts] DockerSpec extraHosts
                 * @property {Array.<string>|null} [extraVolumes] DockerSpec extraVolumes
                 * @property {string|null} [consoleType] DockerSpec consoleType
                 * @property {number|null} [auxPort] DockerSpec auxPort
                 * @property {Array.<gns3.dataplane.v1.DockerAdapter.$Properties>|null} [adapters] DockerSpec adapters
                 * @property {string|null} [networkInterfaces] DockerSpec networkInterfaces
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DockerSpec.
                 * @memberof gns3.dataplane.v1
                 * @interface IDockerSpec
                 * @augments gns3.dataplane.v1.DockerSpec.$Properties
                 * @deprecated Use gns3.dataplane.v1.DockerSpec.$Properties instead.
                 */

                /**
                 * Shape of a DockerSpec.
                 * @typedef {gns3.dataplane.v1.DockerSpec.$Properties} gns3.dataplane.v1.DockerSpec.$Shape
                 */

                /**
                 * Constructs a new DockerSpec.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DockerSpec.
                 * @constructor
                 * @param {gns3.dataplane.v1.DockerSpec.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DockerSpec = function (properties) {
                    this.command = [];
                    this.environment = [];
                    this.extraHosts = [];
                    this.extraVolumes = [];
                    this.adapters = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DockerSpec image.
                 * @member {string} image
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.image = "";

                /**
                 * DockerSpec command.
                 * @member {Array.<string>} command
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.command = $util.emptyArray;

                /**
                 * DockerSpec environment.
                 * @member {Array.<string>} environment
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.environment = $util.emptyArray;

                /**
                 * DockerSpec extraHosts.
                 * @member {Array.<gns3.dataplane.v1.DockerHost.$Properties>} extraHosts
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.extraHosts = $util.emptyArray;

                /**
                 * DockerSpec extraVolumes.
                 * @member {Array.<string>} extraVolumes
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.extraVolumes = $util.emptyArray;

                /**
                 * DockerSpec consoleType.
                 * @member {string} consoleType
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.consoleType = "";

                /**
                 * DockerSpec auxPort.
                 * @member {number} auxPort
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.auxPort = 0;

                /**
                 * DockerSpec adapters.
                 * @member {Array.<gns3.dataplane.v1.DockerAdapter.$Properties>} adapters
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.adapters = $util.emptyArray;

                /**
                 * DockerSpec networkInterfaces.
                 * @member {string} networkInterfaces
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @instance
                 */
                DockerSpec.prototype.networkInterfaces = "";

                /**
                 * Creates a new DockerSpec instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @static
                 * @param {gns3.dataplane.v1.DockerSpec.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DockerSpec} DockerSpec instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DockerSpec.$Shape): gns3.dataplane.v1.DockerSpec & gns3.dataplane.v1.DockerSpec.$Shape;
                 *   (properties?: gns3.dataplane.v1.DockerSpec.$Properties): gns3.dataplane.v1.DockerSpec;
                 * }}
                 */
                DockerSpec.create = function(properties) {
                    return new DockerSpec(properties);
                };

                /**
                 * Encodes the specified DockerSpec message. Does not implicitly {@link gns3.dataplane.v1.DockerSpec.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @static
                 * @param {gns3.dataplane.v1.DockerSpec.$Properties} message DockerSpec message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DockerSpec.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.image != null && $Object.hasOwnProperty.call(message, "image") && message.image !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.image);
                    if (message.command != null && message.command.length)
                        for (let i = 0; i < message.command.length; ++i)
                            writer.uint32(/* id 2, wireType 2 =*/18).string(message.command[i]);
                    if (message.environment != null && message.environment.length)
                        for (let i = 0; i < message.environment.length; ++i)
                            writer.uint32(/* id 3, wireType 2 =*/26).string(message.environment[i]);
                    if (message.extraHosts != null && message.extraHosts.length)
                        for (let i = 0; i < message.extraHosts.length; ++i)
                            $root.gns3.dataplane.v1.DockerHost.encode(message.extraHosts[i], writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.extraVolumes != null && message.extraVolumes.length)
                        for (let i = 0; i < message.extraVolumes.length; ++i)
                            writer.uint32(/* id 5, wireType 2 =*/42).string(message.extraVolumes[i]);
                    if (message.consoleType != null && $Object.hasOwnProperty.call(message, "consoleType") && message.consoleType !== "")
                        writer.uint32(/* id 6, wireType 2 =*/50).string(message.consoleType);
                    if (message.auxPort != null && $Object.hasOwnProperty.call(message, "auxPort") && message.auxPort !== 0)
                        writer.uint32(/* id 7, wireType 0 =*/56).uint32(message.auxPort);
                    if (message.adapters != null && message.adapters.length)
                        for (let i = 0; i < message.adapters.length; ++i)
                            $root.gns3.dataplane.v1.DockerAdapter.encode(message.adapters[i], writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                    if (message.networkInterfaces != null && $Object.hasOwnProperty.call(message, "networkInterfaces") && message.networkInterfaces !== "")
                        writer.uint32(/* id 9, wireType 2 =*/74).string(message.networkInterfaces);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DockerSpec message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DockerSpec & gns3.dataplane.v1.DockerSpec.$Shape} DockerSpec
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DockerSpec.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DockerSpec();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.image = value;
                                else
                                    delete message.image;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.command && message.command.length))
                                    message.command = [];
                                message.command.push(reader.stringVerify());
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.environment && message.environment.length))
                                    message.environment = [];
                                message.environment.push(reader.stringVerify());
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.extraHosts && message.extraHosts.length))
                                    message.extraHosts = [];
                                message.extraHosts.push($root.gns3.dataplane.v1.DockerHost.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.extraVolumes && message.extraVolumes.length))
                                    message.extraVolumes = [];
                                message.extraVolumes.push(reader.stringVerify());
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.consoleType = value;
                                else
                                    delete message.consoleType;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.auxPort = value;
                                else
                                    delete message.auxPort;
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.adapters && message.adapters.length))
                                    message.adapters = [];
                                message.adapters.push($root.gns3.dataplane.v1.DockerAdapter.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.networkInterfaces = value;
                                else
                                    delete message.networkInterfaces;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DockerSpec
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DockerSpec
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DockerSpec.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DockerSpec";
                };

                return DockerSpec;
            })();

            v1.DockerHost = (function() {

                /**
                 * Properties of a DockerHost.
                 * @typedef {Object} gns3.dataplane.v1.DockerHost.$Properties
                 * @property {string|null} [name] DockerHost name
                 * @property {string|null} [address] DockerHost address
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DockerHost.
                 * @memberof gns3.dataplane.v1
                 * @interface IDockerHost
                 * @augments gns3.dataplane.v1.DockerHost.$Properties
                 * @deprecated Use gns3.dataplane.v1.DockerHost.$Properties instead.
                 */

                /**
                 * Shape of a DockerHost.
                 * @typedef {gns3.dataplane.v1.DockerHost.$Properties} gns3.dataplane.v1.DockerHost.$Shape
                 */

                /**
                 * Constructs a new DockerHost.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DockerHost.
                 * @constructor
                 * @param {gns3.dataplane.v1.DockerHost.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DockerHost = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DockerHost name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.DockerHost
                 * @instance
                 */
                DockerHost.prototype.name = "";

                /**
                 * DockerHost address.
                 * @member {string} address
                 * @memberof gns3.dataplane.v1.DockerHost
                 * @instance
                 */
                DockerHost.prototype.address = "";

                /**
                 * Creates a new DockerHost instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DockerHost
                 * @static
                 * @param {gns3.dataplane.v1.DockerHost.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DockerHost} DockerHost instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DockerHost.$Shape): gns3.dataplane.v1.DockerHost & gns3.dataplane.v1.DockerHost.$Shape;
                 *   (properties?: gns3.dataplane.v1.DockerHost.$Properties): gns3.dataplane.v1.DockerHost;
                 * }}
                 */
                DockerHost.create = function(properties) {
                    return new DockerHost(properties);
                };

                /**
                 * Encodes the specified DockerHost message. Does not implicitly {@link gns3.dataplane.v1.DockerHost.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DockerHost
                 * @static
                 * @param {gns3.dataplane.v1.DockerHost.$Properties} message DockerHost message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DockerHost.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                    if (message.address != null && $Object.hasOwnProperty.call(message, "address") && message.address !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.address);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DockerHost message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DockerHost
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DockerHost & gns3.dataplane.v1.DockerHost.$Shape} DockerHost
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DockerHost.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DockerHost();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.address = value;
                                else
                                    delete message.address;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DockerHost
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DockerHost
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DockerHost.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DockerHost";
                };

                return DockerHost;
            })();

            v1.DockerAdapter = (function() {

                /**
                 * Properties of a DockerAdapter.
                 * @typedef {Object} gns3.dataplane.v1.DockerAdapter.$Properties
                 * @property {number|null} [adapterNumber] DockerAdapter adapterNumber
                 * @property {string|null} [macAddress] DockerAdapter macAddress
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a DockerAdapter.
                 * @memberof gns3.dataplane.v1
                 * @interface IDockerAdapter
                 * @augments gns3.dataplane.v1.DockerAdapter.$Properties
                 * @deprecated Use gns3.dataplane.v1.DockerAdapter.$Properties instead.
                 */

                /**
                 * Shape of a DockerAdapter.
                 * @typedef {gns3.dataplane.v1.DockerAdapter.$Properties} gns3.dataplane.v1.DockerAdapter.$Shape
                 */

                /**
                 * Constructs a new DockerAdapter.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a DockerAdapter.
                 * @constructor
                 * @param {gns3.dataplane.v1.DockerAdapter.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const DockerAdapter = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * DockerAdapter adapterNumber.
                 * @member {number} adapterNumber
                 * @memberof gns3.dataplane.v1.DockerAdapter
                 * @instance
                 */
                DockerAdapter.prototype.adapterNumber = 0;

                /**
                 * DockerAdapter macAddress.
                 * @member {string} macAddress
                 * @memberof gns3.dataplane.v1.DockerAdapter
                 * @instance
                 */
                DockerAdapter.prototype.macAddress = "";

                /**
                 * Creates a new DockerAdapter instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.DockerAdapter
                 * @static
                 * @param {gns3.dataplane.v1.DockerAdapter.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.DockerAdapter} DockerAdapter instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.DockerAdapter.$Shape): gns3.dataplane.v1.DockerAdapter & gns3.dataplane.v1.DockerAdapter.$Shape;
                 *   (properties?: gns3.dataplane.v1.DockerAdapter.$Properties): gns3.dataplane.v1.DockerAdapter;
                 * }}
                 */
                DockerAdapter.create = function(properties) {
                    return new DockerAdapter(properties);
                };

                /**
                 * Encodes the specified DockerAdapter message. Does not implicitly {@link gns3.dataplane.v1.DockerAdapter.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.DockerAdapter
                 * @static
                 * @param {gns3.dataplane.v1.DockerAdapter.$Properties} message DockerAdapter message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                DockerAdapter.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.adapterNumber != null && $Object.hasOwnProperty.call(message, "adapterNumber") && message.adapterNumber !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.adapterNumber);
                    if (message.macAddress != null && $Object.hasOwnProperty.call(message, "macAddress") && message.macAddress !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.macAddress);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a DockerAdapter message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.DockerAdapter
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.DockerAdapter & gns3.dataplane.v1.DockerAdapter.$Shape} DockerAdapter
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                DockerAdapter.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.DockerAdapter();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.adapterNumber = value;
                                else
                                    delete message.adapterNumber;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.macAddress = value;
                                else
                                    delete message.macAddress;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for DockerAdapter
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.DockerAdapter
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                DockerAdapter.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.DockerAdapter";
                };

                return DockerAdapter;
            })();

            v1.QemuSpec = (function() {

                /**
                 * Properties of a QemuSpec.
                 * @typedef {Object} gns3.dataplane.v1.QemuSpec.$Properties
                 * @property {string|null} [binary] QemuSpec binary
                 * @property {number|null} [ramMb] QemuSpec ramMb
                 * @property {number|null} [cpus] QemuSpec cpus
                 * @property {Array.<gns3.dataplane.v1.QemuAdapter.$Properties>|null} [adapters] QemuSpec adapters
                 * @property {Array.<gns3.dataplane.v1.QemuDisk.$Properties>|null} [disks] QemuSpec disks
                 * @property {gns3.dataplane.v1.QemuImage.$Properties|null} [kernelImage] QemuSpec kernelImage
                 * @property {gns3.dataplane.v1.QemuImage.$Properties|null} [initrd] QemuSpec initrd
                 * @property {gns3.dataplane.v1.QemuImage.$Properties|null} [bios] QemuSpec bios
                 * @property {string|null} [kernelCommandLine] QemuSpec kernelCommandLine
                 * @property {string|null} [bootPriority] QemuSpec bootPriority
                 * @property {string|null} [options] QemuSpec options
                 * @property {string|null} [consoleType] QemuSpec consoleType
                 * @property {string|null} [onClose] QemuSpec onClose
                 * @property {boolean|null} [linkedClone] QemuSpec linkedClone
                 * @property {string|null} [overlaySourceNodeId] QemuSpec overlaySourceNodeId
                 * @property {string|null} [overlaySourceProjectId] QemuSpec overlaySourceProjectId
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a QemuSpec.
                 * @memberof gns3.dataplane.v1
                 * @interface IQemuSpec
                 * @augments gns3.dataplane.v1.QemuSpec.$Properties
                 * @deprecated Use gns3.dataplane.v1.QemuSpec.$Properties instead.
                 */

                /**
                 * Shape of a QemuSpec.
                 * @typedef {gns3.dataplane.v1.QemuSpec.$Properties} gns3.dataplane.v1.QemuSpec.$Shape
                 */

                /**
                 * Constructs a new QemuSpec.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a QemuSpec.
                 * @constructor
                 * @param {gns3.dataplane.v1.QemuSpec.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const QemuSpec = function (properties) {
                    this.adapters = [];
                    this.disks = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * QemuSpec binary.
                 * @member {string} binary
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.binary = "";

                /**
                 * QemuSpec ramMb.
                 * @member {number} ramMb
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.ramMb = 0;

                /**
                 * QemuSpec cpus.
                 * @member {number} cpus
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.cpus = 0;

                /**
                 * QemuSpec adapters.
                 * @member {Array.<gns3.dataplane.v1.QemuAdapter.$Properties>} adapters
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.adapters = $util.emptyArray;

                /**
                 * QemuSpec disks.
                 * @member {Array.<gns3.dataplane.v1.QemuDisk.$Properties>} disks
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.disks = $util.emptyArray;

                /**
                 * QemuSpec kernelImage.
                 * @member {gns3.dataplane.v1.QemuImage.$Properties|null|undefined} kernelImage
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.kernelImage = null;

                /**
                 * QemuSpec initrd.
                 * @member {gns3.dataplane.v1.QemuImage.$Properties|null|undefined} initrd
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.initrd = null;

                /**
                 * QemuSpec bios.
                 * @member {gns3.dataplane.v1.QemuImage.$Properties|null|undefined} bios
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.bios = null;

                /**
                 * QemuSpec kernelCommandLine.
                 * @member {string} kernelCommandLine
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.kernelCommandLine = "";

                /**
                 * QemuSpec bootPriority.
                 * @member {string} bootPriority
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.bootPriority = "";

                /**
                 * QemuSpec options.
                 * @member {string} options
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.options = "";

                /**
                 * QemuSpec consoleType.
                 * @member {string} consoleType
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.consoleType = "";

                /**
                 * QemuSpec onClose.
                 * @member {string} onClose
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.onClose = "";

                /**
                 * QemuSpec linkedClone.
                 * @member {boolean} linkedClone
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.linkedClone = false;

                /**
                 * QemuSpec overlaySourceNodeId.
                 * @member {string} overlaySourceNodeId
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.overlaySourceNodeId = "";

                /**
                 * QemuSpec overlaySourceProjectId.
                 * @member {string} overlaySourceProjectId
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @instance
                 */
                QemuSpec.prototype.overlaySourceProjectId = "";

                /**
                 * Creates a new QemuSpec instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @static
                 * @param {gns3.dataplane.v1.QemuSpec.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.QemuSpec} QemuSpec instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.QemuSpec.$Shape): gns3.dataplane.v1.QemuSpec & gns3.dataplane.v1.QemuSpec.$Shape;
                 *   (properties?: gns3.dataplane.v1.QemuSpec.$Properties): gns3.dataplane.v1.QemuSpec;
                 * }}
                 */
                QemuSpec.create = function(properties) {
                    return new QemuSpec(properties);
                };

                /**
                 * Encodes the specified QemuSpec message. Does not implicitly {@link gns3.dataplane.v1.QemuSpec.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @static
                 * @param {gns3.dataplane.v1.QemuSpec.$Properties} message QemuSpec message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                QemuSpec.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.binary != null && $Object.hasOwnProperty.call(message, "binary") && message.binary !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.binary);
                    if (message.ramMb != null && $Object.hasOwnProperty.call(message, "ramMb") && message.ramMb !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.ramMb);
                    if (message.cpus != null && $Object.hasOwnProperty.call(message, "cpus") && message.cpus !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.cpus);
                    if (message.adapters != null && message.adapters.length)
                        for (let i = 0; i < message.adapters.length; ++i)
                            $root.gns3.dataplane.v1.QemuAdapter.encode(message.adapters[i], writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.disks != null && message.disks.length)
                        for (let i = 0; i < message.disks.length; ++i)
                            $root.gns3.dataplane.v1.QemuDisk.encode(message.disks[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                    if (message.kernelImage != null && $Object.hasOwnProperty.call(message, "kernelImage"))
                        $root.gns3.dataplane.v1.QemuImage.encode(message.kernelImage, writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.initrd != null && $Object.hasOwnProperty.call(message, "initrd"))
                        $root.gns3.dataplane.v1.QemuImage.encode(message.initrd, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.bios != null && $Object.hasOwnProperty.call(message, "bios"))
                        $root.gns3.dataplane.v1.QemuImage.encode(message.bios, writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                    if (message.kernelCommandLine != null && $Object.hasOwnProperty.call(message, "kernelCommandLine") && message.kernelCommandLine !== "")
                        writer.uint32(/* id 9, wireType 2 =*/74).string(message.kernelCommandLine);
                    if (message.bootPriority != null && $Object.hasOwnProperty.call(message, "bootPriority") && message.bootPriority !== "")
                        writer.uint32(/* id 10, wireType 2 =*/82).string(message.bootPriority);
                    if (message.options != null && $Object.hasOwnProperty.call(message, "options") && message.options !== "")
                        writer.uint32(/* id 11, wireType 2 =*/90).string(message.options);
                    if (message.consoleType != null && $Object.hasOwnProperty.call(message, "consoleType") && message.consoleType !== "")
                        writer.uint32(/* id 12, wireType 2 =*/98).string(message.consoleType);
                    if (message.onClose != null && $Object.hasOwnProperty.call(message, "onClose") && message.onClose !== "")
                        writer.uint32(/* id 13, wireType 2 =*/106).string(message.onClose);
                    if (message.linkedClone != null && $Object.hasOwnProperty.call(message, "linkedClone") && message.linkedClone !== false)
                        writer.uint32(/* id 14, wireType 0 =*/112).bool(message.linkedClone);
                    if (message.overlaySourceNodeId != null && $Object.hasOwnProperty.call(message, "overlaySourceNodeId") && message.overlaySourceNodeId !== "")
                        writer.uint32(/* id 15, wireType 2 =*/122).string(message.overlaySourceNodeId);
                    if (message.overlaySourceProjectId != null && $Object.hasOwnProperty.call(message, "overlaySourceProjectId") && message.overlaySourceProjectId !== "")
                        writer.uint32(/* id 16, wireType 2 =*/130).string(message.overlaySourceProjectId);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a QemuSpec message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.QemuSpec & gns3.dataplane.v1.QemuSpec.$Shape} QemuSpec
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                QemuSpec.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.QemuSpec();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.binary = value;
                                else
                                    delete message.binary;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.ramMb = value;
                                else
                                    delete message.ramMb;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.cpus = value;
                                else
                                    delete message.cpus;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.adapters && message.adapters.length))
                                    message.adapters = [];
                                message.adapters.push($root.gns3.dataplane.v1.QemuAdapter.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.disks && message.disks.length))
                                    message.disks = [];
                                message.disks.push($root.gns3.dataplane.v1.QemuDisk.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.kernelImage = $root.gns3.dataplane.v1.QemuImage.decode(reader, reader.size(), $undefined, _depth + 1, message.kernelImage);
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.initrd = $root.gns3.dataplane.v1.QemuImage.decode(reader, reader.size(), $undefined, _depth + 1, message.initrd);
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                message.bios = $root.gns3.dataplane.v1.QemuImage.decode(reader, reader.size(), $undefined, _depth + 1, message.bios);
                                continue;
                            }
                        case 9: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.kernelCommandLine = value;
                                else
                                    delete message.kernelCommandLine;
                                continue;
                            }
                        case 10: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.bootPriority = value;
                                else
                                    delete message.bootPriority;
                                continue;
                            }
                        case 11: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.options = value;
                                else
                                    delete message.options;
                                continue;
                            }
                        case 12: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.consoleType = value;
                                else
                                    delete message.consoleType;
                                continue;
                            }
                        case 13: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.onClose = value;
                                else
                                    delete message.onClose;
                                continue;
                            }
                        case 14: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.linkedClone = value;
                                else
                                    delete message.linkedClone;
                                continue;
                            }
                        case 15: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.overlaySourceNodeId = value;
                                else
                                    delete message.overlaySourceNodeId;
                                continue;
                            }
                        case 16: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.overlaySourceProjectId = value;
                                else
                                    delete message.overlaySourceProjectId;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for QemuSpec
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.QemuSpec
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                QemuSpec.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.QemuSpec";
                };

                return QemuSpec;
            })();

            v1.QemuAdapter = (function() {

                /**
                 * Properties of a QemuAdapter.
                 * @typedef {Object} gns3.dataplane.v1.QemuAdapter.$Properties
                 * @property {number|null} [adapterNumber] QemuAdapter adapterNumber
                 * @property {string|null} [model] QemuAdapter model
                 * @property {string|null} [macAddress] QemuAdapter macAddress
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a QemuAdapter.
                 * @memberof gns3.dataplane.v1
                 * @interface IQemuAdapter
                 * @augments gns3.dataplane.v1.QemuAdapter.$Properties
                 * @deprecated Use gns3.dataplane.v1.QemuAdapter.$Properties instead.
                 */

                /**
                 * Shape of a QemuAdapter.
                 * @typedef {gns3.dataplane.v1.QemuAdapter.$Properties} gns3.dataplane.v1.QemuAdapter.$Shape
                 */

                /**
                 * Constructs a new QemuAdapter.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a QemuAdapter.
                 * @constructor
                 * @param {gns3.dataplane.v1.QemuAdapter.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const QemuAdapter = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * QemuAdapter adapterNumber.
                 * @member {number} adapterNumber
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @instance
                 */
                QemuAdapter.prototype.adapterNumber = 0;

                /**
                 * QemuAdapter model.
                 * @member {string} model
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @instance
                 */
                QemuAdapter.prototype.model = "";

                /**
                 * QemuAdapter macAddress.
                 * @member {string} macAddress
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @instance
                 */
                QemuAdapter.prototype.macAddress = "";

                /**
                 * Creates a new QemuAdapter instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @static
                 * @param {gns3.dataplane.v1.QemuAdapter.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.QemuAdapter} QemuAdapter instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.QemuAdapter.$Shape): gns3.dataplane.v1.QemuAdapter & gns3.dataplane.v1.QemuAdapter.$Shape;
                 *   (properties?: gns3.dataplane.v1.QemuAdapter.$Properties): gns3.dataplane.v1.QemuAdapter;
                 * }}
                 */
                QemuAdapter.create = function(properties) {
                    return new QemuAdapter(properties);
                };

                /**
                 * Encodes the specified QemuAdapter message. Does not implicitly {@link gns3.dataplane.v1.QemuAdapter.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @static
                 * @param {gns3.dataplane.v1.QemuAdapter.$Properties} message QemuAdapter message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                QemuAdapter.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.adapterNumber != null && $Object.hasOwnProperty.call(message, "adapterNumber") && message.adapterNumber !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.adapterNumber);
                    if (message.model != null && $Object.hasOwnProperty.call(message, "model") && message.model !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.model);
                    if (message.macAddress != null && $Object.hasOwnProperty.call(message, "macAddress") && message.macAddress !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.macAddress);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a QemuAdapter message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.QemuAdapter & gns3.dataplane.v1.QemuAdapter.$Shape} QemuAdapter
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                QemuAdapter.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.QemuAdapter();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.adapterNumber = value;
                                else
                                    delete message.adapterNumber;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.model = value;
                                else
                                    delete message.model;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.macAddress = value;
                                else
                                    delete message.macAddress;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for QemuAdapter
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.QemuAdapter
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                QemuAdapter.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.QemuAdapter";
                };

                return QemuAdapter;
            })();

            v1.QemuDisk = (function() {

                /**
                 * Properties of a QemuDisk.
                 * @typedef {Object} gns3.dataplane.v1.QemuDisk.$Properties
                 * @property {string|null} [slot] QemuDisk slot
                 * @property {gns3.dataplane.v1.QemuImage.$Properties|null} [image] QemuDisk image
                 * @property {string|null} ["interface"] QemuDisk interface
                 * @property {number|null} [growMb] QemuDisk growMb
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a QemuDisk.
                 * @memberof gns3.dataplane.v1
                 * @interface IQemuDisk
                 * @augments gns3.dataplane.v1.QemuDisk.$Properties
                 * @deprecated Use gns3.dataplane.v1.QemuDisk.$Properties instead.
                 */

                /**
                 * Shape of a QemuDisk.
                 * @typedef {gns3.dataplane.v1.QemuDisk.$Properties} gns3.dataplane.v1.QemuDisk.$Shape
                 */

                /**
                 * Constructs a new QemuDisk.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a QemuDisk.
                 * @constructor
                 * @param {gns3.dataplane.v1.QemuDisk.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const QemuDisk = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * QemuDisk slot.
                 * @member {string} slot
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @instance
                 */
                QemuDisk.prototype.slot = "";

                /**
                 * QemuDisk image.
                 * @member {gns3.dataplane.v1.QemuImage.$Properties|null|undefined} image
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @instance
                 */
                QemuDisk.prototype.image = null;

                /**
                 * QemuDisk interface.
                 * @member {string} interface
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @instance
                 */
                QemuDisk.prototype["interface"] = "";

                /**
                 * QemuDisk growMb.
                 * @member {number} growMb
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @instance
                 */
                QemuDisk.prototype.growMb = 0;

                /**
                 * Creates a new QemuDisk instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @static
                 * @param {gns3.dataplane.v1.QemuDisk.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.QemuDisk} QemuDisk instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.QemuDisk.$Shape): gns3.dataplane.v1.QemuDisk & gns3.dataplane.v1.QemuDisk.$Shape;
                 *   (properties?: gns3.dataplane.v1.QemuDisk.$Properties): gns3.dataplane.v1.QemuDisk;
                 * }}
                 */
                QemuDisk.create = function(properties) {
                    return new QemuDisk(properties);
                };

                /**
                 * Encodes the specified QemuDisk message. Does not implicitly {@link gns3.dataplane.v1.QemuDisk.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @static
                 * @param {gns3.dataplane.v1.QemuDisk.$Properties} message QemuDisk message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                QemuDisk.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.slot != null && $Object.hasOwnProperty.call(message, "slot") && message.slot !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.slot);
                    if (message.image != null && $Object.hasOwnProperty.call(message, "image"))
                        $root.gns3.dataplane.v1.QemuImage.encode(message.image, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                    if (message["interface"] != null && $Object.hasOwnProperty.call(message, "interface") && message["interface"] !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message["interface"]);
                    if (message.growMb != null && $Object.hasOwnProperty.call(message, "growMb") && message.growMb !== 0)
                        writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.growMb);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a QemuDisk message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.QemuDisk & gns3.dataplane.v1.QemuDisk.$Shape} QemuDisk
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                QemuDisk.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.QemuDisk();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.slot = value;
                                else
                                    delete message.slot;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                message.image = $root.gns3.dataplane.v1.QemuImage.decode(reader, reader.size(), $undefined, _depth + 1, message.image);
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message["interface"] = value;
                                else
                                    delete message["interface"];
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.growMb = value;
                                else
                                    delete message.growMb;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for QemuDisk
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.QemuDisk
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                QemuDisk.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.QemuDisk";
                };

                return QemuDisk;
            })();

            v1.QemuImage = (function() {

                /**
                 * Properties of a QemuImage.
                 * @typedef {Object} gns3.dataplane.v1.QemuImage.$Properties
                 * @property {string|null} [name] QemuImage name
                 * @property {string|null} [md5] QemuImage md5
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a QemuImage.
                 * @memberof gns3.dataplane.v1
                 * @interface IQemuImage
                 * @augments gns3.dataplane.v1.QemuImage.$Properties
                 * @deprecated Use gns3.dataplane.v1.QemuImage.$Properties instead.
                 */

                /**
                 * Shape of a QemuImage.
                 * @typedef {gns3.dataplane.v1.QemuImage.$Properties} gns3.dataplane.v1.QemuImage.$Shape
                 */

                /**
                 * Constructs a new QemuImage.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a QemuImage.
                 * @constructor
                 * @param {gns3.dataplane.v1.QemuImage.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const QemuImage = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * QemuImage name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.QemuImage
                 * @instance
                 */
                QemuImage.prototype.name = "";

                /**
                 * QemuImage md5.
                 * @member {string} md5
                 * @memberof gns3.dataplane.v1.QemuImage
                 * @instance
                 */
                QemuImage.prototype.md5 = "";

                /**
                 * Creates a new QemuImage instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.QemuImage
                 * @static
                 * @param {gns3.dataplane.v1.QemuImage.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.QemuImage} QemuImage instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.QemuImage.$Shape): gns3.dataplane.v1.QemuImage & gns3.dataplane.v1.QemuImage.$Shape;
                 *   (properties?: gns3.dataplane.v1.QemuImage.$Properties): gns3.dataplane.v1.QemuImage;
                 * }}
                 */
                QemuImage.create = function(properties) {
                    return new QemuImage(properties);
                };

                /**
                 * Encodes the specified QemuImage message. Does not implicitly {@link gns3.dataplane.v1.QemuImage.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.QemuImage
                 * @static
                 * @param {gns3.dataplane.v1.QemuImage.$Properties} message QemuImage message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                QemuImage.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                    if (message.md5 != null && $Object.hasOwnProperty.call(message, "md5") && message.md5 !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.md5);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a QemuImage message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.QemuImage
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.QemuImage & gns3.dataplane.v1.QemuImage.$Shape} QemuImage
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                QemuImage.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.QemuImage();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.md5 = value;
                                else
                                    delete message.md5;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for QemuImage
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.QemuImage
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                QemuImage.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.QemuImage";
                };

                return QemuImage;
            })();

            v1.PortSpec = (function() {

                /**
                 * Properties of a PortSpec.
                 * @typedef {Object} gns3.dataplane.v1.PortSpec.$Properties
                 * @property {number|null} [portNumber] PortSpec portNumber
                 * @property {string|null} [name] PortSpec name
                 * @property {gns3.dataplane.v1.PortSpec.Mode|null} [mode] PortSpec mode
                 * @property {number|null} [vlan] PortSpec vlan
                 * @property {number|null} [ethertype] PortSpec ethertype
                 * @property {gns3.dataplane.v1.UdpTunnel.$Properties|null} [cloudUdp] PortSpec cloudUdp
                 * @property {gns3.dataplane.v1.HostDevice.$Properties|null} [cloudDevice] PortSpec cloudDevice
                 * @property {boolean|null} [linked] PortSpec linked
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a PortSpec.
                 * @memberof gns3.dataplane.v1
                 * @interface IPortSpec
                 * @augments gns3.dataplane.v1.PortSpec.$Properties
                 * @deprecated Use gns3.dataplane.v1.PortSpec.$Properties instead.
                 */

                /**
                 * Shape of a PortSpec.
                 * @typedef {gns3.dataplane.v1.PortSpec.$Properties} gns3.dataplane.v1.PortSpec.$Shape
                 */

                /**
                 * Constructs a new PortSpec.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a PortSpec.
                 * @constructor
                 * @param {gns3.dataplane.v1.PortSpec.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const PortSpec = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * PortSpec portNumber.
                 * @member {number} portNumber
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.portNumber = 0;

                /**
                 * PortSpec name.
                 * @member {string} name
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.name = "";

                /**
                 * PortSpec mode.
                 * @member {gns3.dataplane.v1.PortSpec.Mode} mode
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.mode = 0;

                /**
                 * PortSpec vlan.
                 * @member {number} vlan
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.vlan = 0;

                /**
                 * PortSpec ethertype.
                 * @member {number} ethertype
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.ethertype = 0;

                /**
                 * PortSpec cloudUdp.
                 * @member {gns3.dataplane.v1.UdpTunnel.$Properties|null|undefined} cloudUdp
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.cloudUdp = null;

                /**
                 * PortSpec cloudDevice.
                 * @member {gns3.dataplane.v1.HostDevice.$Properties|null|undefined} cloudDevice
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.cloudDevice = null;

                /**
                 * PortSpec linked.
                 * @member {boolean} linked
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @instance
                 */
                PortSpec.prototype.linked = false;

                /**
                 * Creates a new PortSpec instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @static
                 * @param {gns3.dataplane.v1.PortSpec.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.PortSpec} PortSpec instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.PortSpec.$Shape): gns3.dataplane.v1.PortSpec & gns3.dataplane.v1.PortSpec.$Shape;
                 *   (properties?: gns3.dataplane.v1.PortSpec.$Properties): gns3.dataplane.v1.PortSpec;
                 * }}
                 */
                PortSpec.create = function(properties) {
                    return new PortSpec(properties);
                };

                /**
                 * Encodes the specified PortSpec message. Does not implicitly {@link gns3.dataplane.v1.PortSpec.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @static
                 * @param {gns3.dataplane.v1.PortSpec.$Properties} message PortSpec message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                PortSpec.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.portNumber != null && $Object.hasOwnProperty.call(message, "portNumber") && message.portNumber !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.portNumber);
                    if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.name);
                    if (message.mode != null && $Object.hasOwnProperty.call(message, "mode") && message.mode !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).int32(message.mode);
                    if (message.vlan != null && $Object.hasOwnProperty.call(message, "vlan") && message.vlan !== 0)
                        writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.vlan);
                    if (message.ethertype != null && $Object.hasOwnProperty.call(message, "ethertype") && message.ethertype !== 0)
                        writer.uint32(/* id 5, wireType 0 =*/40).uint32(message.ethertype);
                    if (message.cloudUdp != null && $Object.hasOwnProperty.call(message, "cloudUdp"))
                        $root.gns3.dataplane.v1.UdpTunnel.encode(message.cloudUdp, writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                    if (message.cloudDevice != null && $Object.hasOwnProperty.call(message, "cloudDevice"))
                        $root.gns3.dataplane.v1.HostDevice.encode(message.cloudDevice, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.linked != null && $Object.hasOwnProperty.call(message, "linked") && message.linked !== false)
                        writer.uint32(/* id 8, wireType 0 =*/64).bool(message.linked);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a PortSpec message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.PortSpec & gns3.dataplane.v1.PortSpec.$Shape} PortSpec
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                PortSpec.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.PortSpec();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.portNumber = value;
                                else
                                    delete message.portNumber;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.name = value;
                                else
                                    delete message.name;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.mode = value;
                                else
                                    delete message.mode;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.vlan = value;
                                else
                                    delete message.vlan;
                                continue;
                            }
                        case 5: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.ethertype = value;
                                else
                                    delete message.ethertype;
                                continue;
                            }
                        case 6: {
                                if (wireType !== 2)
                                    break;
                                message.cloudUdp = $root.gns3.dataplane.v1.UdpTunnel.decode(reader, reader.size(), $undefined, _depth + 1, message.cloudUdp);
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.cloudDevice = $root.gns3.dataplane.v1.HostDevice.decode(reader, reader.size(), $undefined, _depth + 1, message.cloudDevice);
                                continue;
                            }
                        case 8: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.linked = value;
                                else
                                    delete message.linked;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for PortSpec
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.PortSpec
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                PortSpec.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.PortSpec";
                };

                /**
                 * Mode enum.
                 * @name gns3.dataplane.v1.PortSpec.Mode
                 * @enum {number}
                 * @property {number} MODE_UNSPECIFIED=0 MODE_UNSPECIFIED value
                 * @property {number} ACCESS=1 ACCESS value
                 * @property {number} DOT1Q=2 DOT1Q value
                 * @property {number} QINQ=3 QINQ value
                 */
                PortSpec.Mode = (function() {
                    const valuesById = $Object.create(null), values = $Object.create(valuesById);
                    values[valuesById[0] = "MODE_UNSPECIFIED"] = 0;
                    values[valuesById[1] = "ACCESS"] = 1;
                    values[valuesById[2] = "DOT1Q"] = 2;
                    values[valuesById[3] = "QINQ"] = 3;
                    return values;
                })();

                return PortSpec;
            })();

            v1.HostDevice = (function() {

                /**
                 * Properties of a HostDevice.
                 * @typedef {Object} gns3.dataplane.v1.HostDevice.$Properties
                 * @property {gns3.dataplane.v1.HostDevice.Kind|null} [kind] HostDevice kind
                 * @property {string|null} ["interface"] HostDevice interface
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a HostDevice.
                 * @memberof gns3.dataplane.v1
                 * @interface IHostDevice
                 * @augments gns3.dataplane.v1.HostDevice.$Properties
                 * @deprecated Use gns3.dataplane.v1.HostDevice.$Properties instead.
                 */

                /**
                 * Shape of a HostDevice.
                 * @typedef {gns3.dataplane.v1.HostDevice.$Properties} gns3.dataplane.v1.HostDevice.$Shape
                 */

                /**
                 * Constructs a new HostDevice.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a HostDevice.
                 * @constructor
                 * @param {gns3.dataplane.v1.HostDevice.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const HostDevice = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * HostDevice kind.
                 * @member {gns3.dataplane.v1.HostDevice.Kind} kind
                 * @memberof gns3.dataplane.v1.HostDevice
                 * @instance
                 */
                HostDevice.prototype.kind = 0;

                /**
                 * HostDevice interface.
                 * @member {string} interface
                 * @memberof gns3.dataplane.v1.HostDevice
                 * @instance
                 */
                HostDevice.prototype["interface"] = "";

                /**
                 * Creates a new HostDevice instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.HostDevice
                 * @static
                 * @param {gns3.dataplane.v1.HostDevice.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.HostDevice} HostDevice instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.HostDevice.$Shape): gns3.dataplane.v1.HostDevice & gns3.dataplane.v1.HostDevice.$Shape;
                 *   (properties?: gns3.dataplane.v1.HostDevice.$Properties): gns3.dataplane.v1.HostDevice;
                 * }}
                 */
                HostDevice.create = function(properties) {
                    return new HostDevice(properties);
                };

                /**
                 * Encodes the specified HostDevice message. Does not implicitly {@link gns3.dataplane.v1.HostDevice.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.HostDevice
                 * @static
                 * @param {gns3.dataplane.v1.HostDevice.$Properties} message HostDevice message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                HostDevice.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).int32(message.kind);
                    if (message["interface"] != null && $Object.hasOwnProperty.call(message, "interface") && message["interface"] !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message["interface"]);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a HostDevice message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.HostDevice
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.HostDevice & gns3.dataplane.v1.HostDevice.$Shape} HostDevice
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                HostDevice.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.HostDevice();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.int32())
                                    message.kind = value;
                                else
                                    delete message.kind;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message["interface"] = value;
                                else
                                    delete message["interface"];
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for HostDevice
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.HostDevice
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                HostDevice.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.HostDevice";
                };

                /**
                 * Kind enum.
                 * @name gns3.dataplane.v1.HostDevice.Kind
                 * @enum {number}
                 * @property {number} KIND_UNSPECIFIED=0 KIND_UNSPECIFIED value
                 * @property {number} ETHERNET=1 ETHERNET value
                 * @property {number} TAP=2 TAP value
                 */
                HostDevice.Kind = (function() {
                    const valuesById = $Object.create(null), values = $Object.create(valuesById);
                    values[valuesById[0] = "KIND_UNSPECIFIED"] = 0;
                    values[valuesById[1] = "ETHERNET"] = 1;
                    values[valuesById[2] = "TAP"] = 2;
                    return values;
                })();

                return HostDevice;
            })();

            v1.UdpTunnel = (function() {

                /**
                 * Properties of an UdpTunnel.
                 * @typedef {Object} gns3.dataplane.v1.UdpTunnel.$Properties
                 * @property {number|null} [localPort] UdpTunnel localPort
                 * @property {string|null} [remoteHost] UdpTunnel remoteHost
                 * @property {number|null} [remotePort] UdpTunnel remotePort
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of an UdpTunnel.
                 * @memberof gns3.dataplane.v1
                 * @interface IUdpTunnel
                 * @augments gns3.dataplane.v1.UdpTunnel.$Properties
                 * @deprecated Use gns3.dataplane.v1.UdpTunnel.$Properties instead.
                 */

                /**
                 * Shape of an UdpTunnel.
                 * @typedef {gns3.dataplane.v1.UdpTunnel.$Properties} gns3.dataplane.v1.UdpTunnel.$Shape
                 */

                /**
                 * Constructs a new UdpTunnel.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents an UdpTunnel.
                 * @constructor
                 * @param {gns3.dataplane.v1.UdpTunnel.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const UdpTunnel = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * UdpTunnel localPort.
                 * @member {number} localPort
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @instance
                 */
                UdpTunnel.prototype.localPort = 0;

                /**
                 * UdpTunnel remoteHost.
                 * @member {string} remoteHost
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @instance
                 */
                UdpTunnel.prototype.remoteHost = "";

                /**
                 * UdpTunnel remotePort.
                 * @member {number} remotePort
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @instance
                 */
                UdpTunnel.prototype.remotePort = 0;

                /**
                 * Creates a new UdpTunnel instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @static
                 * @param {gns3.dataplane.v1.UdpTunnel.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.UdpTunnel} UdpTunnel instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.UdpTunnel.$Shape): gns3.dataplane.v1.UdpTunnel & gns3.dataplane.v1.UdpTunnel.$Shape;
                 *   (properties?: gns3.dataplane.v1.UdpTunnel.$Properties): gns3.dataplane.v1.UdpTunnel;
                 * }}
                 */
                UdpTunnel.create = function(properties) {
                    return new UdpTunnel(properties);
                };

                /**
                 * Encodes the specified UdpTunnel message. Does not implicitly {@link gns3.dataplane.v1.UdpTunnel.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @static
                 * @param {gns3.dataplane.v1.UdpTunnel.$Properties} message UdpTunnel message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                UdpTunnel.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.localPort != null && $Object.hasOwnProperty.call(message, "localPort") && message.localPort !== 0)
                        writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.localPort);
                    if (message.remoteHost != null && $Object.hasOwnProperty.call(message, "remoteHost") && message.remoteHost !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.remoteHost);
                    if (message.remotePort != null && $Object.hasOwnProperty.call(message, "remotePort") && message.remotePort !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.remotePort);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes an UdpTunnel message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.UdpTunnel & gns3.dataplane.v1.UdpTunnel.$Shape} UdpTunnel
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                UdpTunnel.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.UdpTunnel();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.localPort = value;
                                else
                                    delete message.localPort;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.remoteHost = value;
                                else
                                    delete message.remoteHost;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.remotePort = value;
                                else
                                    delete message.remotePort;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for UdpTunnel
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.UdpTunnel
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                UdpTunnel.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.UdpTunnel";
                };

                return UdpTunnel;
            })();

            v1.LinkEnd = (function() {

                /**
                 * Properties of a LinkEnd.
                 * @typedef {Object} gns3.dataplane.v1.LinkEnd.$Properties
                 * @property {string|null} [nodeId] LinkEnd nodeId
                 * @property {number|null} [adapterNumber] LinkEnd adapterNumber
                 * @property {number|null} [portNumber] LinkEnd portNumber
                 * @property {boolean|null} [local] LinkEnd local
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a LinkEnd.
                 * @memberof gns3.dataplane.v1
                 * @interface ILinkEnd
                 * @augments gns3.dataplane.v1.LinkEnd.$Properties
                 * @deprecated Use gns3.dataplane.v1.LinkEnd.$Properties instead.
                 */

                /**
                 * Shape of a LinkEnd.
                 * @typedef {gns3.dataplane.v1.LinkEnd.$Properties} gns3.dataplane.v1.LinkEnd.$Shape
                 */

                /**
                 * Constructs a new LinkEnd.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a LinkEnd.
                 * @constructor
                 * @param {gns3.dataplane.v1.LinkEnd.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const LinkEnd = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * LinkEnd nodeId.
                 * @member {string} nodeId
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @instance
                 */
                LinkEnd.prototype.nodeId = "";

                /**
                 * LinkEnd adapterNumber.
                 * @member {number} adapterNumber
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @instance
                 */
                LinkEnd.prototype.adapterNumber = 0;

                /**
                 * LinkEnd portNumber.
                 * @member {number} portNumber
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @instance
                 */
                LinkEnd.prototype.portNumber = 0;

                /**
                 * LinkEnd local.
                 * @member {boolean} local
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @instance
                 */
                LinkEnd.prototype.local = false;

                /**
                 * Creates a new LinkEnd instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @static
                 * @param {gns3.dataplane.v1.LinkEnd.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.LinkEnd} LinkEnd instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.LinkEnd.$Shape): gns3.dataplane.v1.LinkEnd & gns3.dataplane.v1.LinkEnd.$Shape;
                 *   (properties?: gns3.dataplane.v1.LinkEnd.$Properties): gns3.dataplane.v1.LinkEnd;
                 * }}
                 */
                LinkEnd.create = function(properties) {
                    return new LinkEnd(properties);
                };

                /**
                 * Encodes the specified LinkEnd message. Does not implicitly {@link gns3.dataplane.v1.LinkEnd.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @static
                 * @param {gns3.dataplane.v1.LinkEnd.$Properties} message LinkEnd message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                LinkEnd.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.nodeId != null && $Object.hasOwnProperty.call(message, "nodeId") && message.nodeId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.nodeId);
                    if (message.adapterNumber != null && $Object.hasOwnProperty.call(message, "adapterNumber") && message.adapterNumber !== 0)
                        writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.adapterNumber);
                    if (message.portNumber != null && $Object.hasOwnProperty.call(message, "portNumber") && message.portNumber !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.portNumber);
                    if (message.local != null && $Object.hasOwnProperty.call(message, "local") && message.local !== false)
                        writer.uint32(/* id 4, wireType 0 =*/32).bool(message.local);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a LinkEnd message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.LinkEnd & gns3.dataplane.v1.LinkEnd.$Shape} LinkEnd
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                LinkEnd.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.LinkEnd();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.nodeId = value;
                                else
                                    delete message.nodeId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.adapterNumber = value;
                                else
                                    delete message.adapterNumber;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.portNumber = value;
                                else
                                    delete message.portNumber;
                                continue;
                            }
                        case 4: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.local = value;
                                else
                                    delete message.local;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for LinkEnd
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.LinkEnd
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                LinkEnd.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.LinkEnd";
                };

                return LinkEnd;
            })();

            v1.Filter = (function() {

                /**
                 * Properties of a Filter.
                 * @typedef {Object} gns3.dataplane.v1.Filter.$Properties
                 * @property {string|null} [type] Filter type
                 * @property {Array.<number>|null} [numbers] Filter numbers
                 * @property {string|null} [text] Filter text
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Filter.
                 * @memberof gns3.dataplane.v1
                 * @interface IFilter
                 * @augments gns3.dataplane.v1.Filter.$Properties
                 * @deprecated Use gns3.dataplane.v1.Filter.$Properties instead.
                 */

                /**
                 * Shape of a Filter.
                 * @typedef {gns3.dataplane.v1.Filter.$Properties} gns3.dataplane.v1.Filter.$Shape
                 */

                /**
                 * Constructs a new Filter.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Filter.
                 * @constructor
                 * @param {gns3.dataplane.v1.Filter.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Filter = function (properties) {
                    this.numbers = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Filter type.
                 * @member {string} type
                 * @memberof gns3.dataplane.v1.Filter
                 * @instance
                 */
                Filter.prototype.type = "";

                /**
                 * Filter numbers.
                 * @member {Array.<number>} numbers
                 * @memberof gns3.dataplane.v1.Filter
                 * @instance
                 */
                Filter.prototype.numbers = $util.emptyArray;

                /**
                 * Filter text.
                 * @member {string} text
                 * @memberof gns3.dataplane.v1.Filter
                 * @instance
                 */
                Filter.prototype.text = "";

                /**
                 * Creates a new Filter instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Filter
                 * @static
                 * @param {gns3.dataplane.v1.Filter.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Filter} Filter instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Filter.$Shape): gns3.dataplane.v1.Filter & gns3.dataplane.v1.Filter.$Shape;
                 *   (properties?: gns3.dataplane.v1.Filter.$Properties): gns3.dataplane.v1.Filter;
                 * }}
                 */
                Filter.create = function(properties) {
                    return new Filter(properties);
                };

                /**
                 * Encodes the specified Filter message. Does not implicitly {@link gns3.dataplane.v1.Filter.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Filter
                 * @static
                 * @param {gns3.dataplane.v1.Filter.$Properties} message Filter message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Filter.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.type != null && $Object.hasOwnProperty.call(message, "type") && message.type !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.type);
                    if (message.numbers != null && message.numbers.length)
                        writer.uint32(/* id 2, wireType 2 =*/18).int64s(message.numbers);
                    if (message.text != null && $Object.hasOwnProperty.call(message, "text") && message.text !== "")
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.text);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Filter message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Filter
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Filter & gns3.dataplane.v1.Filter.$Shape} Filter
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Filter.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Filter();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.type = value;
                                else
                                    delete message.type;
                                continue;
                            }
                        case 2: {
                                if (wireType === 2) {
                                    if (!(message.numbers && message.numbers.length))
                                        message.numbers = [];
                                    reader.int64s(message.numbers);
                                    continue;
                                }
                                if (wireType !== 0)
                                    break;
                                if (!(message.numbers && message.numbers.length))
                                    message.numbers = [];
                                message.numbers.push(reader.int64());
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.text = value;
                                else
                                    delete message.text;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Filter
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Filter
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Filter.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Filter";
                };

                return Filter;
            })();

            v1.LinkSpec = (function() {

                /**
                 * Properties of a LinkSpec.
                 * @typedef {Object} gns3.dataplane.v1.LinkSpec.$Properties
                 * @property {string|null} [linkId] LinkSpec linkId
                 * @property {string|null} [projectId] LinkSpec projectId
                 * @property {gns3.dataplane.v1.LinkEnd.$Properties|null} [a] LinkSpec a
                 * @property {gns3.dataplane.v1.LinkEnd.$Properties|null} [b] LinkSpec b
                 * @property {Array.<gns3.dataplane.v1.Filter.$Properties>|null} [filters] LinkSpec filters
                 * @property {boolean|null} [suspended] LinkSpec suspended
                 * @property {gns3.dataplane.v1.UdpTunnel.$Properties|null} [tunnel] LinkSpec tunnel
                 * @property {gns3.dataplane.v1.Capture.$Properties|null} [capture] LinkSpec capture
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a LinkSpec.
                 * @memberof gns3.dataplane.v1
                 * @interface ILinkSpec
                 * @augments gns3.dataplane.v1.LinkSpec.$Properties
                 * @deprecated Use gns3.dataplane.v1.LinkSpec.$Properties instead.
                 */

                /**
                 * Shape of a LinkSpec.
                 * @typedef {gns3.dataplane.v1.LinkSpec.$Properties} gns3.dataplane.v1.LinkSpec.$Shape
                 */

                /**
                 * Constructs a new LinkSpec.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a LinkSpec.
                 * @constructor
                 * @param {gns3.dataplane.v1.LinkSpec.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const LinkSpec = function (properties) {
                    this.filters = [];
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * LinkSpec linkId.
                 * @member {string} linkId
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.linkId = "";

                /**
                 * LinkSpec projectId.
                 * @member {string} projectId
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.projectId = "";

                /**
                 * LinkSpec a.
                 * @member {gns3.dataplane.v1.LinkEnd.$Properties|null|undefined} a
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.a = null;

                /**
                 * LinkSpec b.
                 * @member {gns3.dataplane.v1.LinkEnd.$Properties|null|undefined} b
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.b = null;

                /**
                 * LinkSpec filters.
                 * @member {Array.<gns3.dataplane.v1.Filter.$Properties>} filters
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.filters = $util.emptyArray;

                /**
                 * LinkSpec suspended.
                 * @member {boolean} suspended
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.suspended = false;

                /**
                 * LinkSpec tunnel.
                 * @member {gns3.dataplane.v1.UdpTunnel.$Properties|null|undefined} tunnel
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.tunnel = null;

                /**
                 * LinkSpec capture.
                 * @member {gns3.dataplane.v1.Capture.$Properties|null|undefined} capture
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @instance
                 */
                LinkSpec.prototype.capture = null;

                /**
                 * Creates a new LinkSpec instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @static
                 * @param {gns3.dataplane.v1.LinkSpec.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.LinkSpec} LinkSpec instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.LinkSpec.$Shape): gns3.dataplane.v1.LinkSpec & gns3.dataplane.v1.LinkSpec.$Shape;
                 *   (properties?: gns3.dataplane.v1.LinkSpec.$Properties): gns3.dataplane.v1.LinkSpec;
                 * }}
                 */
                LinkSpec.create = function(properties) {
                    return new LinkSpec(properties);
                };

                /**
                 * Encodes the specified LinkSpec message. Does not implicitly {@link gns3.dataplane.v1.LinkSpec.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @static
                 * @param {gns3.dataplane.v1.LinkSpec.$Properties} message LinkSpec message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                LinkSpec.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.linkId != null && $Object.hasOwnProperty.call(message, "linkId") && message.linkId !== "")
                        writer.uint32(/* id 1, wireType 2 =*/10).string(message.linkId);
                    if (message.projectId != null && $Object.hasOwnProperty.call(message, "projectId") && message.projectId !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.projectId);
                    if (message.a != null && $Object.hasOwnProperty.call(message, "a"))
                        $root.gns3.dataplane.v1.LinkEnd.encode(message.a, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                    if (message.b != null && $Object.hasOwnProperty.call(message, "b"))
                        $root.gns3.dataplane.v1.LinkEnd.encode(message.b, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                    if (message.filters != null && message.filters.length)
                        for (let i = 0; i < message.filters.length; ++i)
                            $root.gns3.dataplane.v1.Filter.encode(message.filters[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                    if (message.suspended != null && $Object.hasOwnProperty.call(message, "suspended") && message.suspended !== false)
                        writer.uint32(/* id 6, wireType 0 =*/48).bool(message.suspended);
                    if (message.tunnel != null && $Object.hasOwnProperty.call(message, "tunnel"))
                        $root.gns3.dataplane.v1.UdpTunnel.encode(message.tunnel, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                    if (message.capture != null && $Object.hasOwnProperty.call(message, "capture"))
                        $root.gns3.dataplane.v1.Capture.encode(message.capture, writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a LinkSpec message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.LinkSpec & gns3.dataplane.v1.LinkSpec.$Shape} LinkSpec
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                LinkSpec.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.LinkSpec();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.linkId = value;
                                else
                                    delete message.linkId;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.projectId = value;
                                else
                                    delete message.projectId;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 2)
                                    break;
                                message.a = $root.gns3.dataplane.v1.LinkEnd.decode(reader, reader.size(), $undefined, _depth + 1, message.a);
                                continue;
                            }
                        case 4: {
                                if (wireType !== 2)
                                    break;
                                message.b = $root.gns3.dataplane.v1.LinkEnd.decode(reader, reader.size(), $undefined, _depth + 1, message.b);
                                continue;
                            }
                        case 5: {
                                if (wireType !== 2)
                                    break;
                                if (!(message.filters && message.filters.length))
                                    message.filters = [];
                                message.filters.push($root.gns3.dataplane.v1.Filter.decode(reader, reader.size(), $undefined, _depth + 1));
                                continue;
                            }
                        case 6: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.suspended = value;
                                else
                                    delete message.suspended;
                                continue;
                            }
                        case 7: {
                                if (wireType !== 2)
                                    break;
                                message.tunnel = $root.gns3.dataplane.v1.UdpTunnel.decode(reader, reader.size(), $undefined, _depth + 1, message.tunnel);
                                continue;
                            }
                        case 8: {
                                if (wireType !== 2)
                                    break;
                                message.capture = $root.gns3.dataplane.v1.Capture.decode(reader, reader.size(), $undefined, _depth + 1, message.capture);
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for LinkSpec
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.LinkSpec
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                LinkSpec.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.LinkSpec";
                };

                return LinkSpec;
            })();

            v1.Capture = (function() {

                /**
                 * Properties of a Capture.
                 * @typedef {Object} gns3.dataplane.v1.Capture.$Properties
                 * @property {boolean|null} [active] Capture active
                 * @property {string|null} [relativePath] Capture relativePath
                 * @property {number|null} [linkType] Capture linkType
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */

                /**
                 * Properties of a Capture.
                 * @memberof gns3.dataplane.v1
                 * @interface ICapture
                 * @augments gns3.dataplane.v1.Capture.$Properties
                 * @deprecated Use gns3.dataplane.v1.Capture.$Properties instead.
                 */

                /**
                 * Shape of a Capture.
                 * @typedef {gns3.dataplane.v1.Capture.$Properties} gns3.dataplane.v1.Capture.$Shape
                 */

                /**
                 * Constructs a new Capture.
                 * @memberof gns3.dataplane.v1
                 * @classdesc Represents a Capture.
                 * @constructor
                 * @param {gns3.dataplane.v1.Capture.$Properties=} [properties] Properties to set
                 * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
                 */
                const Capture = function (properties) {
                    if (properties)
                        for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                            if (properties[keys[i]] != null && keys[i] !== "__proto__")
                                this[keys[i]] = properties[keys[i]];
                };

                /**
                 * Capture active.
                 * @member {boolean} active
                 * @memberof gns3.dataplane.v1.Capture
                 * @instance
                 */
                Capture.prototype.active = false;

                /**
                 * Capture relativePath.
                 * @member {string} relativePath
                 * @memberof gns3.dataplane.v1.Capture
                 * @instance
                 */
                Capture.prototype.relativePath = "";

                /**
                 * Capture linkType.
                 * @member {number} linkType
                 * @memberof gns3.dataplane.v1.Capture
                 * @instance
                 */
                Capture.prototype.linkType = 0;

                /**
                 * Creates a new Capture instance using the specified properties.
                 * @function create
                 * @memberof gns3.dataplane.v1.Capture
                 * @static
                 * @param {gns3.dataplane.v1.Capture.$Properties=} [properties] Properties to set
                 * @returns {gns3.dataplane.v1.Capture} Capture instance
                 * @type {{
                 *   (properties: gns3.dataplane.v1.Capture.$Shape): gns3.dataplane.v1.Capture & gns3.dataplane.v1.Capture.$Shape;
                 *   (properties?: gns3.dataplane.v1.Capture.$Properties): gns3.dataplane.v1.Capture;
                 * }}
                 */
                Capture.create = function(properties) {
                    return new Capture(properties);
                };

                /**
                 * Encodes the specified Capture message. Does not implicitly {@link gns3.dataplane.v1.Capture.verify|verify} messages.
                 * @function encode
                 * @memberof gns3.dataplane.v1.Capture
                 * @static
                 * @param {gns3.dataplane.v1.Capture.$Properties} message Capture message or plain object to encode
                 * @param {$protobuf.Writer} [writer] Writer to encode to
                 * @returns {$protobuf.Writer} Writer
                 */
                Capture.encode = function (message, writer, _depth) {
                    if (!writer)
                        writer = $Writer.create();
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $util.recursionLimit)
                        throw $Error("max depth exceeded");
                    if (message.active != null && $Object.hasOwnProperty.call(message, "active") && message.active !== false)
                        writer.uint32(/* id 1, wireType 0 =*/8).bool(message.active);
                    if (message.relativePath != null && $Object.hasOwnProperty.call(message, "relativePath") && message.relativePath !== "")
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.relativePath);
                    if (message.linkType != null && $Object.hasOwnProperty.call(message, "linkType") && message.linkType !== 0)
                        writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.linkType);
                    if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                        for (let i = 0; i < message.$unknowns.length; ++i)
                            writer.raw(message.$unknowns[i]);
                    return writer;
                };

                /**
                 * Decodes a Capture message from the specified reader or buffer.
                 * @function decode
                 * @memberof gns3.dataplane.v1.Capture
                 * @static
                 * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
                 * @param {number} [length] Message length if known beforehand
                 * @returns {gns3.dataplane.v1.Capture & gns3.dataplane.v1.Capture.$Shape} Capture
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                Capture.decode = function (reader, length, _end, _depth, _target) {
                    if (!(reader instanceof $Reader))
                        reader = $Reader.create(reader);
                    if (_depth === $undefined)
                        _depth = 0;
                    if (_depth > $Reader.recursionLimit)
                        throw $Error("max depth exceeded");
                    let end, message, value;
                    if (length === $undefined)
                        end = reader.len;
                    else {
                        end = reader.pos + length;
                        if (end > reader.len)
                            throw $RangeError("index out of range");
                        length = reader.len;
                        reader.len = end;
                    }
                    message = _target || new $root.gns3.dataplane.v1.Capture();
                    while (reader.pos < end) {
                        let start = reader.pos;
                        let tag = reader.tag();
                        if (tag === _end) {
                            _end = $undefined;
                            break;
                        }
                        let wireType = tag & 7;
                        switch (tag >>>= 3) {
                        case 1: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.bool())
                                    message.active = value;
                                else
                                    delete message.active;
                                continue;
                            }
                        case 2: {
                                if (wireType !== 2)
                                    break;
                                if ((value = reader.stringVerify()).length)
                                    message.relativePath = value;
                                else
                                    delete message.relativePath;
                                continue;
                            }
                        case 3: {
                                if (wireType !== 0)
                                    break;
                                if (value = reader.uint32())
                                    message.linkType = value;
                                else
                                    delete message.linkType;
                                continue;
                            }
                        }
                        reader.skipType(wireType, _depth, tag);
                        if (!reader.discardUnknown) {
                            $util.makeProp(message, "$unknowns", false);
                            (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                        }
                    }
                    if (length !== $undefined) {
                        if (reader.pos !== end)
                            throw $RangeError("index out of range");
                        reader.len = length;
                    }
                    if (_end !== $undefined)
                        throw $Error("missing end group");
                    return message;
                };

                /**
                 * Gets the type url for Capture
                 * @function getTypeUrl
                 * @memberof gns3.dataplane.v1.Capture
                 * @static
                 * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns {string} The type url
                 */
                Capture.getTypeUrl = function(prefix) {
                    if (prefix === $undefined)
                        prefix = "type.googleapis.com";
                    return prefix + "/gns3.dataplane.v1.Capture";
                };

                return Capture;
            })();

            return v1;
        })();

        return dataplane;
    })();

    return gns3;
})();

export {
  $root as default
};
