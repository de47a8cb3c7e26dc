// Ids handed out by this process from blocks it reserved, so that most inserts need no statement for their ids.
// A block is reserved by advancing the company's sequence (`id_sequences`) in the caller's transaction — on the
// embedded engine the one connection is in it — and trusted only while no transaction of this process has rolled
// back since (ChangeStamps.rollbacks): a rolled-back reservation is forgotten, never used. Ids so taken are
// unique and increasing but not gapless (a block left over when the process ends is never used); numbers that
// must be gapless, such as receipt numbers, are not taken from blocks.
import type { ChangeStamps } from './changes.ts';
import { allocateIdBlocks, type Db } from './index.ts';

interface Block {
  next: number;
  end: number;
  rollbacks: number;
}

export class IdBlocks {
  readonly #changes: ChangeStamps;
  readonly #size: Readonly<Record<string, number>>;
  readonly #blocks = new Map<string, Block>();

  /** `size`: ids reserved at a time, by sequence name. */
  constructor(changes: ChangeStamps, size: Readonly<Record<string, number>>) {
    this.#changes = changes;
    this.#size = size;
  }

  /**
   * The first of `count` consecutive ids of each sequence asked for, in order; the sequences whose block is
   * used up are advanced together in one statement. A block that runs short is extended when the sequence was not
   * advanced by anyone else since (the ids then run on as if taken one at a time), else left.
   */
  async take(db: Db, companyId: number, wants: readonly { name: string; count: number }[]): Promise<number[]> {
    const rollbacks = this.#changes.rollbacks;
    const current = (name: string) => {
      const block = this.#blocks.get(`${companyId}:${name}`);
      return block?.rollbacks === rollbacks ? block : undefined;
    };
    const left = (name: string) => {
      const block = current(name);
      return block ? block.end - block.next : 0;
    };
    for (let reserving = true; reserving;) {
      const short = wants.filter(({ name, count }) => left(name) < count);
      reserving = short.length > 0;
      if (!reserving) break;
      const reserve = short.map(({ name, count }) => ({
        name,
        count: Math.max(count - left(name), this.#size[name] ?? 1),
      }));
      const firsts = await allocateIdBlocks(db, companyId, reserve);
      reserve.forEach(({ name, count }, i) => {
        const block = current(name);
        if (block && block.end === firsts[i]) block.end += count;
        else this.#blocks.set(`${companyId}:${name}`, { next: firsts[i], end: firsts[i] + count, rollbacks });
      });
    }
    return wants.map(({ name, count }) => {
      const block = this.#blocks.get(`${companyId}:${name}`)!;
      const first = block.next;
      block.next += count;
      return first;
    });
  }
}
