// Bulk spreadsheet uploads (spec part 2 §2, §3, §5, §7, §8, §9).
export * from './rules';
export * from './types';
export * from './validate';
