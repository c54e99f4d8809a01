import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';

const cores = os.availableParallelism();
const DATABASE_URL = 'postgres://hotelier@db.hotel.local/hotelier';

describe('server processes and their PostgreSQL connections', () => {
  it('keeps about four connections per core of the machine, shared among its server processes', () => {
    const c = loadConfig({ DATABASE_URL, SERVER_PROCESSES: '2' });
    expect(c.processes).toBe(2);
    expect(c.databasePoolSize).toBe(Math.max(4, Math.ceil((4 * cores) / 2)));
    // one process on a 2-core machine holds 8, two hold 4 each: the database sees the same 8 either way
    expect(loadConfig({ DATABASE_URL, SERVER_PROCESSES: '1' }).databasePoolSize).toBe(Math.max(4, 4 * cores));
  });

  it('never keeps fewer than four, so a report and a transaction still leave clerks a connection', () => {
    expect(loadConfig({ DATABASE_URL, SERVER_PROCESSES: String(16 * cores) }).databasePoolSize).toBe(4);
  });

  it('takes DATABASE_POOL_SIZE for a database server elsewhere, and ignores a value it cannot use', () => {
    expect(loadConfig({ DATABASE_URL, DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    const fallback = loadConfig({ DATABASE_URL }).databasePoolSize;
    expect(loadConfig({ DATABASE_URL, DATABASE_POOL_SIZE: 'many' }).databasePoolSize).toBe(fallback);
    expect(loadConfig({ DATABASE_URL, DATABASE_POOL_SIZE: '1' }).databasePoolSize).toBe(fallback);
  });
});
