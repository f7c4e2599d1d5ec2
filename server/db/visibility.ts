/**
 * The one visibility query: what a non-administrator reaches, and its inverse, who can see a device.
 * Every fragment takes the named parameter @userId (or @deviceId for the inverse).
 *
 * A user reaches what is linked to it and, while it is a manager (userLimit ≠ 0), what is linked to
 * the users it manages; groups reach their subgroups; devices come directly or through a group.
 */

/** How deep groups nest at most, in both directions (as the ingest's ancestor walk). */
export const MAX_GROUP_DEPTH = 100;

/** Ids of the users @userId manages: none once its user limit is 0 (a demoted manager keeps no one). */
export const MANAGED_USER_IDS = `SELECT user_user.managedUserId FROM user_user JOIN users AS manager ON manager.id = user_user.userId
  WHERE user_user.userId = @userId AND manager.userLimit != 0`;

/** @userId and the users it manages: `ownerId IN (${OWNER_IDS})`. */
export const OWNER_IDS = `SELECT @userId UNION ${MANAGED_USER_IDS}`;

/** `WITH RECURSIVE owners, grps, devs`: the owners, their groups with subgroups, and their devices. */
export const REACH_CTE = `WITH RECURSIVE
  owners(id) AS (${OWNER_IDS}),
  grp_tree(id, depth) AS (
    SELECT groupId, 0 FROM user_group WHERE userId IN owners
    UNION SELECT device_groups.id, grp_tree.depth + 1 FROM device_groups JOIN grp_tree ON device_groups.groupId = grp_tree.id
    WHERE grp_tree.depth < ${MAX_GROUP_DEPTH}
  ),
  grps(id) AS (SELECT id FROM grp_tree),
  devs(id) AS (SELECT deviceId FROM user_device WHERE userId IN owners UNION SELECT id FROM devices WHERE groupId IN grps)`;

/** Ids of the devices @userId reaches: `id IN (${ACCESSIBLE_DEVICES})`. */
export const ACCESSIBLE_DEVICES = `${REACH_CTE} SELECT id FROM devs`;

/** Ids of the groups @userId reaches. */
export const ACCESSIBLE_GROUPS = `${REACH_CTE} SELECT id FROM grps`;

/** Ids of the users (administrators aside) who see device @deviceId: the inverse of ACCESSIBLE_DEVICES. */
export const USERS_SEEING_DEVICE = `WITH RECURSIVE
  ancestors(id, depth) AS (
    SELECT groupId, 0 FROM devices WHERE id = @deviceId AND groupId IS NOT NULL
    UNION SELECT device_groups.groupId, ancestors.depth + 1 FROM device_groups JOIN ancestors ON device_groups.id = ancestors.id
    WHERE device_groups.groupId IS NOT NULL AND ancestors.depth < ${MAX_GROUP_DEPTH}
  ),
  direct(id) AS (
    SELECT userId FROM user_device WHERE deviceId = @deviceId
    UNION SELECT userId FROM user_group WHERE groupId IN (SELECT id FROM ancestors)
  )
  SELECT id FROM direct
  UNION SELECT user_user.userId FROM user_user JOIN users AS manager ON manager.id = user_user.userId
    WHERE user_user.managedUserId IN direct AND manager.userLimit != 0`;
