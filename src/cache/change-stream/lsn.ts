/**
 * PostgreSQL's log positions (LSNs): two hexadecimal halves, `16/B374D848`, as the server writes them and
 * as pgoutput's messages carry them (sometimes zero-padded: `00000016/B374D848`). Compared as 64-bit
 * integers.
 */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`not a log position: '${text}'`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** The server's own spelling of a position (`16/B374D848`). */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}
