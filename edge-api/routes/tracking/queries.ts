// Moved: the public answers are built in edge-api/services/tracking/public-answer.ts
// over the queries in db/tracking/public.ts. Kept so existing imports still work.
export * from '../../services/tracking/public-answer';
