// Where a part of a long message says which message it belongs to and its place in it: the user data header's
// concatenation element (8-bit reference, IEI 0x00, or 16-bit, IEI 0x08: 3GPP TS 23.040 9.2.3.24.1 and .8), or
// SMPP's SAR TLVs (sar_msg_ref_num, sar_total_segments, sar_segment_seqnum).
export interface PartOf {
  reference: number;
  total: number;
  seq: number;
}

/**
 * A part's place, or null for a message that came whole. As a handset does, an element that cannot be a part of a
 * long message (a total of 0 or 1, a place of 0 or past the total) is ignored: the message is taken as whole.
 */
export function partOf(reference: number, total: number, seq: number): PartOf | null {
  const whole = [reference, total, seq].every(Number.isInteger);
  if (!whole || reference < 0 || reference > 0xffff || total < 2 || total > 255 || seq < 1 || seq > total) return null;
  return { reference, total, seq };
}

/** The concatenation element of a user data header (its length byte first), if it has a valid one. */
export function concatenationInUdh(udh: Uint8Array): PartOf | null {
  const end = Math.min(1 + (udh[0] ?? 0), udh.length);
  for (let at = 1; at + 1 < end; ) {
    const element = udh[at]!;
    const length = udh[at + 1]!;
    const data = udh.subarray(at + 2, at + 2 + length);
    if (data.length < length) return null;
    if (element === 0x00 && length === 3) return partOf(data[0]!, data[1]!, data[2]!);
    if (element === 0x08 && length === 4) return partOf((data[0]! << 8) | data[1]!, data[2]!, data[3]!);
    at += 2 + length;
  }
  return null;
}

/** The SAR TLVs' concatenation, when all three are there. */
export function concatenationInSar(tlvs: { sar_msg_ref_num?: unknown; sar_total_segments?: unknown; sar_segment_seqnum?: unknown }): PartOf | null {
  const { sar_msg_ref_num: reference, sar_total_segments: total, sar_segment_seqnum: seq } = tlvs;
  if (typeof reference !== 'number' || typeof total !== 'number' || typeof seq !== 'number') return null;
  return partOf(reference, total, seq);
}
