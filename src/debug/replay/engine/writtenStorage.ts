// The storage members of the opcode trace: for each account, the slots written so far in the
// transaction and still in effect, sorted by slot (Besu's TreeMap of the account's updated
// storage). A frame that fails takes its writes back: the journal is undone to the frame's mark.
import { word64 } from './words';

interface Undo {
  readonly address: string;
  readonly slot: bigint;
  readonly before: bigint | undefined;
}

export class WrittenStorage {
  private readonly slots = new Map<string, Map<bigint, bigint>>();
  private readonly journal: Undo[] = [];
  /** Each account's storage member as JSON text, made again only after a write or an undo. */
  private readonly text = new Map<string, string>();

  /** Where a frame opening now would undo to. */
  get mark(): number {
    return this.journal.length;
  }

  write(address: string, slot: bigint, value: bigint): void {
    let account = this.slots.get(address);
    if (account === undefined) {
      account = new Map();
      this.slots.set(address, account);
    }
    this.journal.push({ address, slot, before: account.get(slot) });
    account.set(slot, value);
    this.text.delete(address);
  }

  undoTo(mark: number): void {
    while (this.journal.length > mark) {
      const undo = this.journal.pop();
      if (undo === undefined) break;
      const account = this.slots.get(undo.address);
      if (undo.before === undefined) account?.delete(undo.slot);
      else account?.set(undo.slot, undo.before);
      this.text.delete(undo.address);
    }
  }

  /** `{"0x<slot>":"0x<value>",…}` for the account, sorted by slot. */
  jsonOf(address: string): string {
    const cached = this.text.get(address);
    if (cached !== undefined) return cached;
    const account = this.slots.get(address);
    let json = '{}';
    if (account !== undefined && account.size > 0) {
      const sorted = [...account].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      json = `{${sorted.map(([slot, value]) => `"0x${word64(slot)}":"0x${word64(value)}"`).join(',')}}`;
    }
    this.text.set(address, json);
    return json;
  }
}
