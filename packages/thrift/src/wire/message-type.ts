// Thrift's message types (TMessageType), as the message header carries them in both protocols:
// the one table of them, for the protocols, the IoTDB codec's insert frames, the client's reply
// readers and the generated code's runtime (`Thrift.MessageType`).

/** What a message is: a call, its reply, an application exception, or a call without a reply. */
export const MessageType = { CALL: 1, REPLY: 2, EXCEPTION: 3, ONEWAY: 4 } as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];
