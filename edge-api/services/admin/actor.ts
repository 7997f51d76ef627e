import type { Role } from '../../../domain/roles';

/** Who acts: recorded on every trail row and action of the admin console. */
export type Actor = { id: string; name: string; role: Role };
