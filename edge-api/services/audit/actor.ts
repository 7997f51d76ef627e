import type { Role } from '../../../domain/roles';

/** The acting user as every use case takes it. `scope` null = all companies (admin). */
export type ServiceActor = { id: string | null; name: string; role: Role; scope: readonly string[] | null };
