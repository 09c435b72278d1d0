// Types for the parts of the `smpp` package (0.5.x, which ships none) that our adapter and simulator use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  /** A decoded PDU: header fields, the command's parameters and any TLVs, under their snake_case names. */
  export interface Pdu {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    message_id?: string;
    source_addr?: string;
    destination_addr?: string;
    esm_class?: number;
    data_coding?: number | null;
    short_message?: Buffer;
    message_payload?: Buffer;
    receipted_message_id?: string;
    message_state?: number;
    sar_msg_ref_num?: number;
    sar_total_segments?: number;
    sar_segment_seqnum?: number;
    /** The vendor-specific TLV by which an SMSC names a mobile-originated message (smpp-wire.ts). */
    smsc_message_ref?: string;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  export type PduCallback = (pdu: Pdu) => void;
  type Command = (options?: Record<string, unknown>, responseCallback?: PduCallback, sendCallback?: PduCallback) => boolean;

  export interface Session extends EventEmitter {
    socket: Socket;
    /** False when the socket is no longer writable: nothing was sent. */
    send(pdu: Pdu, responseCallback?: PduCallback, sendCallback?: PduCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    /** Stops (and resumes) taking PDUs out of what the socket received. */
    pause(): void;
    resume(): void;
    bind_transceiver: Command;
    enquire_link: Command;
    unbind: Command;
    deliver_sm: Command;
    submit_sm: Command;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export interface ParamDefinition {
    filter?: { encode(this: Pdu, value: unknown): unknown; decode(this: Pdu, value: unknown, skipUdh?: boolean): unknown };
  }

  export interface SmppModule {
    connect(options: { host: string; port: number; auto_enquire_link_period?: number }, listener?: () => void): Session;
    createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
    PDU: new (command: string, options?: Record<string, unknown>) => Pdu;
    commands: Record<string, { id: number; params?: Record<string, ParamDefinition> }>;
    tlvs: Record<string, ParamDefinition & { id: number }>;
    types: { tlv: Record<'cstring' | 'int8' | 'int16' | 'buffer', unknown> };
    addTLV(tag: string, options: { id: number; type: unknown }): void;
  }

  const smpp: SmppModule;
  export default smpp;
}
