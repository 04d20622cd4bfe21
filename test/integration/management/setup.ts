import { createManagementServices } from '../../../src/accounts/management.js';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import type { Database } from '../../../src/db/database.js';
import type { BusEvent, EventBus } from '../../../src/events/event-bus.js';
import { createFakeClock } from '../../helpers/clock.js';

/** Management services over a test database, a fake clock and an event log to assert on. */
export async function managementFixture(database: Database) {
  await seedPlans(database.prisma);
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  const published: BusEvent[] = [];
  const events: EventBus = {
    publish: async (event) => {
      published.push(event);
    },
    subscribe: () => () => {},
  };
  const services = createManagementServices({ db: database.prisma, events, now: clock.now });
  return { services, clock, published, db: database.prisma };
}

/** The ApiError code a promise rejects with. */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return 'resolved';
}
