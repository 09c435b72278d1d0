// Every migration in order; forward only, never edited after it lands.
import { Migration0001Foundation } from './0001-foundation.ts';

export const migrationsList = [{ name: '0001-foundation', class: Migration0001Foundation }];
