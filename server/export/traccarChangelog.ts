/**
 * Liquibase's record of Traccar 6.14.5's changelogs on a new PostgreSQL database: the tables
 * `DATABASECHANGELOG` and `DATABASECHANGELOGLOCK` as Liquibase creates them, and one row per changeset
 * it ran or marked as ran, in its order. With these rows in place, Traccar's start-up migration finds
 * every changeset already applied and does nothing.
 *
 * The rows (id, file, how it ran, MD5SUM, description) are what Liquibase wrote when it ran the changelogs
 * of tag v6.14.5 on an empty PostgreSQL 15 database the way Traccar's `DatabaseModule` runs them
 * (`clearCheckSums()` then `update()`); checksums are Liquibase's version 9 (`9:`), which its 5.0 line
 * computes as 4.x did. They matter little to Traccar: it calls `clearCheckSums()` before every
 * `update()`, which sets every MD5SUM to NULL, and `update()` then computes and stores the checksum of each
 * changeset whose MD5SUM is NULL. So a NULL or stale MD5SUM is never an error; it is filled in at the next start.
 */
import { LIQUIBASE_VERSION } from './traccarSchema.ts';

export type ExecType = 'EXECUTED' | 'MARK_RAN';

export interface ChangeSetRow {
  id: string;
  /** the changelog's logicalFilePath */
  filename: string;
  exectype: ExecType;
  md5sum: string;
  description: string;
}

const rows: Array<[id: string, filename: string, exectype: ExecType, md5sum: string, description: string]> = [
  ['changelog-4.0-clean', 'changelog-4.0-clean', 'EXECUTED', '9:29260b7c580835a4006cb8c8303f753e', 'createTable tableName=tc_attributes; createTable tableName=tc_calendars; createTable tableName=tc_commands; createTable tableName=tc_device_attribute; createTable tableName=tc_device_command; createTable tableName=tc_device_driver; createTable tab...'],
  ['changelog-4.0-clean-common', 'changelog-4.0-clean', 'EXECUTED', '9:9106689cc508433f83e5bf7885bfc276', 'addForeignKeyConstraint baseTableName=tc_groups, constraintName=fk_groups_groupid, referencedTableName=tc_groups; addForeignKeyConstraint baseTableName=tc_user_user, constraintName=fk_user_user_manageduserid, referencedTableName=tc_users'],
  ['changelog-4.1-mssql', 'changelog-4.1', 'MARK_RAN', '9:0b4cd69b7025008e34cc0b8439f1d905', 'sql; sql; sql; sql'],
  ['changelog-4.7', 'changelog-4.7', 'EXECUTED', '9:828c072f51d04a38470dd96399de6233', 'createIndex indexName=user_device_user_id, tableName=tc_user_device; createIndex indexName=position_deviceid_fixtime, tableName=tc_positions'],
  ['changelog-4.9', 'changelog-4.9', 'EXECUTED', '9:62f4b0b8b3ec5c8746ed1ac842107e79', 'createIndex indexName=event_deviceid_servertime, tableName=tc_events'],
  ['changelog-4.10', 'changelog-4.10', 'EXECUTED', '9:3602f5246bfb9c2323e0ca67cfdab70a', 'addColumn tableName=tc_statistics'],
  ['changelog-4.11', 'changelog-4.11', 'EXECUTED', '9:e9052c48b7d99aa9738ab35ba314929f', 'addColumn tableName=tc_servers'],
  ['changelog-4.13', 'changelog-4.13', 'EXECUTED', '9:6feeb695221e4b844967cec335fb6aea', 'renameColumn newColumnName=eventtime, oldColumnName=servertime, tableName=tc_events'],
  ['changelog-4.15', 'changelog-4.15', 'EXECUTED', '9:c7e7a54391ed2e16ef5a90fd68c0f9d7', 'createTable tableName=tc_orders; createTable tableName=tc_user_order; addForeignKeyConstraint baseTableName=tc_user_order, constraintName=fk_user_order_userid, referencedTableName=tc_users; addForeignKeyConstraint baseTableName=tc_user_order, cons...'],
  ['changelog-5.0', 'changelog-5.0', 'EXECUTED', '9:ac3942110503f904188c67b63fc7c072', 'addColumn tableName=tc_servers; addColumn tableName=tc_users; renameColumn newColumnName=toaddresstmp, oldColumnName=toAddress, tableName=tc_orders; renameColumn newColumnName=fromaddresstmp, oldColumnName=fromAddress, tableName=tc_orders; renameC...'],
  ['changelog-5.1', 'changelog-5.1', 'EXECUTED', '9:82263460dd8dd7e71eba9c368bf5a74b', 'createIndex indexName=idx_drivers_uniqueid, tableName=tc_drivers; createIndex indexName=idx_devices_uniqueid, tableName=tc_devices; createIndex indexName=idx_users_email, tableName=tc_users; createIndex indexName=idx_users_login, tableName=tc_user...'],
  ['changelog-5.2', 'changelog-5.2', 'EXECUTED', '9:c1c7f476b08ce0a19801431add8446fd', 'addColumn tableName=tc_devices; addColumn tableName=tc_devices'],
  ['changelog-5.3', 'changelog-5.3', 'EXECUTED', '9:1a574cf5780301ad3488b68d7e457e27', 'addColumn tableName=tc_servers; addColumn tableName=tc_users; addColumn tableName=tc_devices; createTable tableName=tc_keystore; dropIndex indexName=idx_users_token, tableName=tc_users; dropColumn columnName=token, tableName=tc_users'],
  ['changelog-5.4', 'changelog-5.4', 'EXECUTED', '9:f3048803607da81d070ff76022d1020a', 'addColumn tableName=tc_devices; createTable tableName=tc_commands_queue; addForeignKeyConstraint baseTableName=tc_commands_queue, constraintName=fk_commands_queue_deviceid, referencedTableName=tc_devices; createIndex indexName=idx_commands_queue_d...'],
  ['changelog-5.5', 'changelog-5.5', 'EXECUTED', '9:23b37a6f82fd32497af31f093b855dc9', 'dropColumn columnName=description, tableName=tc_commands_queue'],
  ['changelog-5.6', 'changelog-5.6', 'EXECUTED', '9:99240a2ac8883cb74c5cba38ef5c1686', 'addColumn tableName=tc_devices; createTable tableName=tc_reports; addForeignKeyConstraint baseTableName=tc_reports, constraintName=fk_reports_calendarid, referencedTableName=tc_calendars; createTable tableName=tc_user_report; addForeignKeyConstrai...'],
  ['changelog-5.7', 'changelog-5.7', 'EXECUTED', '9:f2425b5cceff33f0abbe4c1ea0c18a28', 'addColumn tableName=tc_notifications; addForeignKeyConstraint baseTableName=tc_notifications, constraintName=fk_notifications_commandid, referencedTableName=tc_commands'],
  ['changelog-5.8', 'changelog-5.8', 'EXECUTED', '9:6700eee6204986c4db1134cf30a188d6', 'dropColumn columnName=geofenceids, tableName=tc_devices; addColumn tableName=tc_positions'],
  ['changelog-5.9', 'changelog-5.9', 'EXECUTED', '9:f516b72a9e6c82f09e8bbf7802884768', 'addColumn tableName=tc_devices; addForeignKeyConstraint baseTableName=tc_devices, constraintName=fk_devices_calendarid, referencedTableName=tc_calendars'],
  ['changelog-5.10', 'changelog-5.10', 'EXECUTED', '9:2de9e66d1f8219a42b14390dd5a5b218', 'addColumn tableName=tc_users'],
  ['changelog-5.11', 'changelog-5.11', 'EXECUTED', '9:f30849022d894f99ea42f93e69c00ed8', 'addColumn tableName=tc_users'],
  ['changelog-6.2', 'changelog-6.2', 'EXECUTED', '9:4afc10f18622be53ad650af7d23ca1e0', 'dropColumn columnName=twelvehourformat, tableName=tc_servers; dropColumn columnName=twelvehourformat, tableName=tc_users; addColumn tableName=tc_attributes'],
  ['changelog-6.3-old', 'changelog-6.3', 'MARK_RAN', '9:4e1d3dc09c7c412a7637461af4f40931', 'dropForeignKeyConstraint baseTableName=tc_events, constraintName=fk_event_deviceid; dropForeignKeyConstraint baseTableName=tc_positions, constraintName=fk_position_deviceid'],
  ['changelog-6.3-new', 'changelog-6.3', 'EXECUTED', '9:1ecbc64d93f7dcb304d5f482b04b9b56', 'dropForeignKeyConstraint baseTableName=tc_events, constraintName=fk_events_deviceid; dropForeignKeyConstraint baseTableName=tc_positions, constraintName=fk_positions_deviceid'],
  ['changelog-6.6', 'changelog-6.6', 'EXECUTED', '9:9de8626a90708711843aab4560a33515', 'addColumn tableName=tc_notifications'],
  ['changelog-6.7.0', 'changelog-6.7.0', 'EXECUTED', '9:c50bbf6b813b73fb4f0c05fcf44138c5', 'createTable tableName=tc_actions'],
  ['changelog-6.8.0-timescale', 'changelog-6.8.0', 'MARK_RAN', '9:637e423153d145a711b105077f8a6a5f', 'sql'],
  ['changelog-6.9.0', 'changelog-6.9.0', 'EXECUTED', '9:90ad1e34795d2cff993fd4f58c2f8b10', 'addColumn tableName=tc_devices'],
  ['changelog-6.11.0-timescale', 'changelog-6.11.0', 'MARK_RAN', '9:662d571b2402d01cf9b9cdf935ec3e2c', 'sql'],
  ['changelog-6.11.0-other', 'changelog-6.11.0', 'MARK_RAN', '9:c9ce187cebe6eef9470746f77eb2b9d9', 'createIndex indexName=tc_actions_actiontime_idx, tableName=tc_actions'],
  ['changelog-6.11.0', 'changelog-6.11.0', 'EXECUTED', '9:47b9f7267ee18f5e95449a3b42c68e2f', 'createTable tableName=tc_revoked_tokens'],
  ['changelog-6.13.0', 'changelog-6.13.0', 'EXECUTED', '9:684efa3c5b279fbdcddb71c6cb754c4c', 'addColumn tableName=tc_devices; createTable tableName=tc_device_device; addForeignKeyConstraint baseTableName=tc_device_device, constraintName=fk_device_device_deviceid, referencedTableName=tc_devices'],
  ['changelog-6.13.0-fk-linkeddeviceid', 'changelog-6.13.0', 'EXECUTED', '9:b4cb8d4a152cd5b65ab0077e70663916', 'addForeignKeyConstraint baseTableName=tc_device_device, constraintName=fk_device_device_linkeddeviceid, referencedTableName=tc_devices'],
];

/** The changesets in the order Liquibase ran them (ORDEREXECUTED 1, 2, …); every author is `author`. */
export const CHANGESETS: ChangeSetRow[] = rows.map(([id, filename, exectype, md5sum, description]) => ({ id, filename, exectype, md5sum, description }));

export const CHANGELOG_TABLES_SQL = `CREATE TABLE databasechangelog (
  id VARCHAR(255) NOT NULL,
  author VARCHAR(255) NOT NULL,
  filename VARCHAR(255) NOT NULL,
  dateexecuted TIMESTAMP WITHOUT TIME ZONE NOT NULL,
  orderexecuted INTEGER NOT NULL,
  exectype VARCHAR(10) NOT NULL,
  md5sum VARCHAR(35),
  description VARCHAR(255),
  comments VARCHAR(255),
  tag VARCHAR(255),
  liquibase VARCHAR(20),
  contexts VARCHAR(255),
  labels VARCHAR(255),
  deployment_id VARCHAR(10)
);

CREATE TABLE databasechangeloglock (
  id INTEGER NOT NULL,
  locked BOOLEAN NOT NULL,
  lockgranted TIMESTAMP WITHOUT TIME ZONE,
  lockedby VARCHAR(255),
  CONSTRAINT databasechangeloglock_pkey PRIMARY KEY (id)
);
`;

/** Liquibase's deployment id: the last ten digits of the time in milliseconds. */
export function deploymentId(now: number): string {
  return String(Math.trunc(now)).padStart(10, '0').slice(-10);
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The rows, executed at load time (`LOCALTIMESTAMP`), with the deployment id of this export, and the lock's
 * one row, free. COMMENTS is empty and TAG, CONTEXTS and LABELS are NULL, as Liquibase writes them for these changelogs.
 */
export function changelogRowsSql(now: number): string {
  const deployment = literal(deploymentId(now));
  const values = CHANGESETS.map(
    (c, k) =>
      `  (${literal(c.id)}, 'author', ${literal(c.filename)}, LOCALTIMESTAMP, ${k + 1}, ${literal(c.exectype)}, ${literal(c.md5sum)}, ` +
      `${literal(c.description)}, '', NULL, ${literal(LIQUIBASE_VERSION)}, NULL, NULL, ${deployment})`,
  );
  return (
    'INSERT INTO databasechangelog (id, author, filename, dateexecuted, orderexecuted, exectype, md5sum, description, comments, tag, liquibase, contexts, labels, deployment_id) VALUES\n' +
    values.join(',\n') +
    ';\n\nINSERT INTO databasechangeloglock (id, locked, lockgranted, lockedby) VALUES (1, FALSE, NULL, NULL);\n'
  );
}
