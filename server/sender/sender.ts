/**
 * Verification codes leave the server through a sender. The default one writes each message to
 * the server log and appends it to DATA_DIR/outbox/messages.jsonl, where a developer reads the
 * codes of a local install (README: "Reading sign-up codes"). SMTP or an SMS gateway would be
 * another implementation of the same interface.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  code: string;
  text: string;
}

export interface CodeSender {
  send(message: OutgoingMessage): Promise<void>;
}

export class LocalOutboxSender implements CodeSender {
  readonly file: string;
  constructor(
    dataDir: string,
    private readonly log: (line: string) => void = (line) => console.info(line),
  ) {
    this.file = path.join(dataDir, 'outbox', 'messages.jsonl');
  }

  async send(message: OutgoingMessage): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    const record = { at: new Date().toISOString(), ...message };
    await fs.promises.appendFile(this.file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
    this.log(`[outbox] ${message.channel} to ${message.to} (${message.purpose}): ${message.text}`);
  }
}

/** Keeps messages in memory: tests read the codes from here. */
export class MemorySender implements CodeSender {
  readonly messages: OutgoingMessage[] = [];
  async send(message: OutgoingMessage): Promise<void> {
    this.messages.push(message);
  }
  lastCodeFor(to: string): string | undefined {
    return this.messages.filter((message) => message.to === to).at(-1)?.code;
  }
}
