import type { Db } from './database.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Ordered schema migrations. Never edit an applied one: append a new entry instead. */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE server (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        registration INTEGER NOT NULL DEFAULT 0,
        readonly INTEGER NOT NULL DEFAULT 0,
        deviceReadonly INTEGER NOT NULL DEFAULT 0,
        map TEXT,
        bingKey TEXT,
        mapUrl TEXT,
        overlayUrl TEXT,
        latitude REAL NOT NULL DEFAULT 0,
        longitude REAL NOT NULL DEFAULT 0,
        zoom INTEGER NOT NULL DEFAULT 0,
        forceSettings INTEGER NOT NULL DEFAULT 0,
        coordinateFormat TEXT,
        limitCommands INTEGER NOT NULL DEFAULT 0,
        disableReports INTEGER NOT NULL DEFAULT 0,
        fixedEmail INTEGER NOT NULL DEFAULT 0,
        poiLayer TEXT,
        announcement TEXT,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      INSERT INTO server (id) VALUES (1);

      CREATE TABLE secrets (
        name TEXT PRIMARY KEY,
        value BLOB NOT NULL
      );

      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        login TEXT,
        email TEXT NOT NULL,
        phone TEXT,
        readonly INTEGER NOT NULL DEFAULT 0,
        administrator INTEGER NOT NULL DEFAULT 0,
        map TEXT,
        latitude REAL NOT NULL DEFAULT 0,
        longitude REAL NOT NULL DEFAULT 0,
        zoom INTEGER NOT NULL DEFAULT 0,
        coordinateFormat TEXT,
        disabled INTEGER NOT NULL DEFAULT 0,
        expirationTime INTEGER,
        deviceLimit INTEGER NOT NULL DEFAULT -1,
        userLimit INTEGER NOT NULL DEFAULT 0,
        deviceReadonly INTEGER NOT NULL DEFAULT 0,
        limitCommands INTEGER NOT NULL DEFAULT 0,
        disableReports INTEGER NOT NULL DEFAULT 0,
        fixedEmail INTEGER NOT NULL DEFAULT 0,
        poiLayer TEXT,
        totpKey TEXT,
        temporary INTEGER NOT NULL DEFAULT 0,
        hashedPassword TEXT,
        salt TEXT,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);
      CREATE INDEX users_login ON users (login COLLATE NOCASE);

      CREATE TABLE device_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        groupId INTEGER REFERENCES device_groups (id) ON DELETE SET NULL,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE devices (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        uniqueId TEXT NOT NULL UNIQUE,
        status TEXT,
        lastUpdate INTEGER,
        positionId INTEGER,
        groupId INTEGER REFERENCES device_groups (id) ON DELETE SET NULL,
        calendarId INTEGER,
        phone TEXT,
        model TEXT,
        contact TEXT,
        category TEXT,
        disabled INTEGER NOT NULL DEFAULT 0,
        expirationTime INTEGER,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX devices_group ON devices (groupId);

      CREATE TABLE positions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        deviceId INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
        protocol TEXT,
        serverTime INTEGER NOT NULL,
        deviceTime INTEGER NOT NULL,
        fixTime INTEGER NOT NULL,
        valid INTEGER NOT NULL DEFAULT 1,
        latitude REAL NOT NULL,
        longitude REAL NOT NULL,
        altitude REAL NOT NULL DEFAULT 0,
        speed REAL NOT NULL DEFAULT 0,
        course REAL NOT NULL DEFAULT 0,
        address TEXT,
        accuracy REAL NOT NULL DEFAULT 0,
        network TEXT,
        geofenceIds TEXT,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX positions_device_fix ON positions (deviceId, fixTime);

      CREATE TABLE events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        type TEXT NOT NULL,
        eventTime INTEGER NOT NULL,
        deviceId INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
        positionId INTEGER,
        geofenceId INTEGER,
        maintenanceId INTEGER,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX events_device_time ON events (deviceId, eventTime);

      CREATE TABLE user_device (
        userId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        deviceId INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
        PRIMARY KEY (userId, deviceId)
      );
      CREATE INDEX user_device_device ON user_device (deviceId);

      CREATE TABLE user_group (
        userId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        groupId INTEGER NOT NULL REFERENCES device_groups (id) ON DELETE CASCADE,
        PRIMARY KEY (userId, groupId)
      );

      CREATE TABLE user_user (
        userId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        managedUserId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (userId, managedUserId)
      );
      CREATE INDEX user_user_managed ON user_user (managedUserId);

      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        userId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        origin TEXT,
        createdAt INTEGER NOT NULL,
        expiresAt INTEGER
      );
      CREATE INDEX sessions_user ON sessions (userId);

      CREATE TABLE revoked_tokens (
        id TEXT PRIMARY KEY,
        expiresAt INTEGER NOT NULL
      );

      CREATE TABLE password_resets (
        tokenHash TEXT PRIMARY KEY,
        userId INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expiresAt INTEGER NOT NULL,
        usedAt INTEGER
      );
    `,
  },
  {
    version: 2,
    name: 'entities, links, queued commands, audit, statistics',
    sql: `
      CREATE TABLE geofences (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        description TEXT,
        area TEXT NOT NULL,
        calendarId INTEGER,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE drivers (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        uniqueId TEXT NOT NULL UNIQUE,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE maintenances (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        start REAL NOT NULL DEFAULT 0,
        period REAL NOT NULL DEFAULT 0,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE calendars (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        data BLOB NOT NULL,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE computed_attributes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        description TEXT NOT NULL DEFAULT '',
        attribute TEXT NOT NULL,
        expression TEXT NOT NULL,
        type TEXT NOT NULL,
        priority INTEGER NOT NULL DEFAULT 0
      );

      -- saved commands
      CREATE TABLE commands (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        deviceId INTEGER NOT NULL DEFAULT 0,
        type TEXT NOT NULL,
        textChannel INTEGER NOT NULL DEFAULT 0,
        description TEXT,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE queued_commands (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        deviceId INTEGER NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        textChannel INTEGER NOT NULL DEFAULT 0,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX queued_commands_device ON queued_commands (deviceId);

      CREATE TABLE notifications (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        description TEXT,
        type TEXT NOT NULL,
        always INTEGER NOT NULL DEFAULT 0,
        calendarId INTEGER,
        commandId INTEGER,
        notificators TEXT NOT NULL DEFAULT '',
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      -- scheduled reports
      CREATE TABLE reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        type TEXT NOT NULL,
        description TEXT,
        calendarId INTEGER,
        attributes TEXT NOT NULL DEFAULT '{}'
      );

      -- Every permission pair other than user-device, user-group and user-managedUser (which keep
      -- their own tables): owner and property named as in Traccar's permission keys
      -- (user, device, group; geofence, notification, calendar, attribute, driver, command,
      -- maintenance, report, linkedDevice).
      CREATE TABLE links (
        ownerType TEXT NOT NULL,
        ownerId INTEGER NOT NULL,
        propertyType TEXT NOT NULL,
        propertyId INTEGER NOT NULL,
        PRIMARY KEY (ownerType, ownerId, propertyType, propertyId)
      );
      CREATE INDEX links_property ON links (propertyType, propertyId);

      CREATE TABLE actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        actionTime INTEGER NOT NULL,
        address TEXT,
        userId INTEGER NOT NULL,
        actionType TEXT NOT NULL,
        objectType TEXT NOT NULL,
        objectId INTEGER NOT NULL,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX actions_time ON actions (actionTime);

      CREATE TABLE statistics (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        captureTime INTEGER NOT NULL,
        activeUsers INTEGER NOT NULL DEFAULT 0,
        activeDevices INTEGER NOT NULL DEFAULT 0,
        requests INTEGER NOT NULL DEFAULT 0,
        messagesReceived INTEGER NOT NULL DEFAULT 0,
        messagesStored INTEGER NOT NULL DEFAULT 0,
        mailSent INTEGER NOT NULL DEFAULT 0,
        smsSent INTEGER NOT NULL DEFAULT 0,
        geocoderRequests INTEGER NOT NULL DEFAULT 0,
        geolocationRequests INTEGER NOT NULL DEFAULT 0,
        protocols TEXT,
        attributes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX statistics_time ON statistics (captureTime);

      CREATE INDEX events_time ON events (eventTime);
      CREATE INDEX positions_fix ON positions (fixTime);
    `,
  },
  {
    version: 10,
    name: 'ingest cache version (bumped by triggers)',
    sql: `
      CREATE TABLE cache_version (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO cache_version (id, version) VALUES (1, 0);
      CREATE TRIGGER cache_geofences_insert AFTER INSERT ON geofences BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_geofences_update AFTER UPDATE ON geofences BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_geofences_delete AFTER DELETE ON geofences BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_notifications_insert AFTER INSERT ON notifications BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_notifications_update AFTER UPDATE ON notifications BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_notifications_delete AFTER DELETE ON notifications BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_links_insert AFTER INSERT ON links BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_links_update AFTER UPDATE ON links BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_links_delete AFTER DELETE ON links BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_device_groups_insert AFTER INSERT ON device_groups BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_device_groups_update AFTER UPDATE ON device_groups BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_device_groups_delete AFTER DELETE ON device_groups BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_device_insert AFTER INSERT ON user_device BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_device_update AFTER UPDATE ON user_device BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_device_delete AFTER DELETE ON user_device BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_group_insert AFTER INSERT ON user_group BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_group_update AFTER UPDATE ON user_group BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_group_delete AFTER DELETE ON user_group BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_user_insert AFTER INSERT ON user_user BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_user_update AFTER UPDATE ON user_user BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_user_user_delete AFTER DELETE ON user_user BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_devices_insert AFTER INSERT ON devices BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_devices_delete AFTER DELETE ON devices BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_devices_update AFTER UPDATE OF name, uniqueId, groupId, calendarId, disabled, attributes ON devices BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_users_insert AFTER INSERT ON users BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_users_delete AFTER DELETE ON users BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_users_update AFTER UPDATE OF administrator, disabled ON users BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_server_update AFTER UPDATE OF attributes ON server BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
    `,
  },
  {
    version: 11,
    name: 'calendars bump the ingest cache version (notifications apply while their calendar is active)',
    sql: `
      CREATE TRIGGER cache_calendars_insert AFTER INSERT ON calendars BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_calendars_update AFTER UPDATE ON calendars BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER cache_calendars_delete AFTER DELETE ON calendars BEGIN UPDATE cache_version SET version = version + 1 WHERE id = 1; END;
    `,
  },
  {
    version: 12,
    name: 'storage probe (a full disk: the write that tells when space is back)',
    sql: `
      CREATE TABLE storage_probe (
        id INTEGER PRIMARY KEY,
        data BLOB NOT NULL
      );
    `,
  },
];

/** Applies every pending migration, each in its own transaction. Returns the resulting version. */
export function migrate(db: Db): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    appliedAt INTEGER NOT NULL
  )`);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_version').get() as { version: number | null };
  let current = row.version ?? 0;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_version (version, name, appliedAt) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        Date.now(),
      );
    })();
    current = migration.version;
  }
  return current;
}
