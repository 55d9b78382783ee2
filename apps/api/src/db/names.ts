import { machineMessages } from '@portal/contract/machines';
import { userMessages } from '@portal/contract/users';
import { sql } from 'kysely';

// The names a row shows for who wrote it, in the query that reads it, so every list, export and
// event names a deleted account or a machine the same way.

/** An author's name: the rows of a deleted account stay, shown as 'Usuario eliminado'. */
export const authorName = (nameColumn: string) => sql<string>`coalesce(${sql.ref(nameColumn)}, ${userMessages.deletedUserName})`;

/** Who a stop is by: a machine's stop has no user and shows as 'Máquina' (modules/machines). */
export const stopAuthorName = (sourceColumn: string, nameColumn: string) =>
  sql<string>`case when ${sql.ref(sourceColumn)} = 'machine' then ${machineMessages.machine} else ${authorName(nameColumn)} end`;
