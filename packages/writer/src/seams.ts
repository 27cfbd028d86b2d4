// @zerowire/writer/seams: helpers for encoders that fill bytes in place beside the Writer's own
// seams (rawBytes, rawView, commit): the host's byte order, int64 as two int32 words, the
// short-string threshold, an in-place swap of big-endian words to host order, and many strings
// transcoded to length-prefixed UTF-8 at once. A subpath, not the root: an application writing
// messages needs none of them; the IoTDB codec and client (and another driver's encoder) import
// them from here.
export { HOST_IS_LITTLE_ENDIAN } from "./host-endian.js";
export { HI_WORD, LO_WORD, hiWord, loWord, isSafeInt64Words, setInt64BE } from "./int64.js";
export { JS_ENCODE_MAX_UNITS } from "./utf8.js";
export { swapToHostOrder } from "./byteswap.js";
export { writeUtf8Strings } from "./utf8-strings.js";
