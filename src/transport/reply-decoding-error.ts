// Why a reply body could not be taken as XML text: one error with its reason, and the few bytes
// its message quotes.

export type ReplyDecodingReason = 'empty' | 'html' | 'compressed' | 'encoding' | 'binary' | 'too-large';

export class ReplyDecodingError extends Error {
  override name = 'ReplyDecodingError';
  constructor(
    readonly reason: ReplyDecodingReason,
    message: string,
  ) {
    super(message);
  }
}

/** The first 8 bytes in hex ("1F 8B 08 00 ..."), for a message that says what was found. */
export function firstBytesHex(bytes: Buffer): string {
  return [...bytes.subarray(0, 8)].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}
