import type { z } from 'zod';

/**
 * Mantine form validation from a domain zod schema, so the form shows exactly the
 * messages the API would answer with. Paths become Mantine's dotted keys.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const r = schema.safeParse(values);
    if (r.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of r.error.issues) {
      const key = issue.path.join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
