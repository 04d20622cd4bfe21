import type { PrismaClient } from '../../db/generated/client.js';

export interface BookmakerView {
  id: number;
  name: string;
  nameEn: string;
  isAggregate: boolean;
}

export function createBookmakersService({ db }: { db: PrismaClient }) {
  /** Spec 2.6: every bookmaker, aggregates included, by permanent id. */
  async function list(): Promise<BookmakerView[]> {
    return db.bookmaker.findMany({
      orderBy: { id: 'asc' },
      select: { id: true, name: true, nameEn: true, isAggregate: true },
    });
  }
  return { list };
}

export type BookmakersService = ReturnType<typeof createBookmakersService>;
