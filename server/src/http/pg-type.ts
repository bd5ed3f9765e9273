export type * as pg from 'pg';
