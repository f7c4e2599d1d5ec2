import type { FastifyInstance } from 'fastify';
import type { Attributes, Command, QueuedCommand, Typed } from '../../contract/models.ts';
import type { AppContext } from '../auth/context.ts';
import type { Db } from '../db/database.ts';
import { canAccessDevice, findDevice } from '../db/devices.ts';
import { ACCESSIBLE_DEVICES, ACCESSIBLE_GROUPS, OWNER_IDS } from '../db/visibility.ts';
import { bool, parseAttributes } from '../db/convert.ts';
import { getServerSettings } from '../db/server.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { field, objectBody, parseId, queryBool, queryInt, queryString } from '../http/input.ts';
import { COMMAND_TYPES } from '../model/constants.ts';
import { access, signedIn } from '../auth/authorize.ts';

interface CommandRow {
  id: number;
  deviceId: number;
  type: string;
  textChannel: number;
  description: string | null;
  attributes: string;
}

interface QueuedCommandRow {
  id: number;
  deviceId: number;
  type: string;
  textChannel: number;
  attributes: string;
}

export function toQueuedCommand(row: QueuedCommandRow): QueuedCommand {
  return { id: row.id, attributes: parseAttributes(row.attributes), deviceId: row.deviceId, type: row.type, textChannel: bool(row.textChannel) };
}

function toCommand(row: CommandRow): Command {
  return {
    id: row.id,
    attributes: parseAttributes(row.attributes),
    deviceId: row.deviceId,
    type: row.type,
    textChannel: bool(row.textChannel),
    description: row.description,
  };
}

/**
 * Command types a device supports now. Every device of the embedded server speaks OsmAnd (HTTP), whose only
 * data command is `custom` (delivered in the reply body) and which has no text (SMS) commands. As in Traccar,
 * a device without a position (protocol unknown) offers `custom`.
 */
export function supportedCommandTypes(db: Db, deviceId: number, textChannel: boolean): string[] {
  const hasPosition = !!db.prepare('SELECT 1 FROM devices WHERE id = ? AND positionId IS NOT NULL').get(deviceId);
  if (!hasPosition) return ['custom'];
  return textChannel ? [] : ['custom'];
}

/** Stores a command for delivery with the device's next OsmAnd reply; returns it as a QueuedCommand. */
export function queueCommand(db: Db, deviceId: number, type: string, textChannel: boolean, attributes: Attributes): QueuedCommand {
  const result = db
    .prepare('INSERT INTO queued_commands (deviceId, type, textChannel, attributes) VALUES (?, ?, ?, ?)')
    .run(deviceId, type, textChannel ? 1 : 0, JSON.stringify(attributes));
  const row = db.prepare('SELECT * FROM queued_commands WHERE id = ?').get(Number(result.lastInsertRowid)) as QueuedCommandRow;
  return toQueuedCommand(row);
}

/** A saved command is reachable when linked to the user or to a user they manage (administrators: all of them). */
function canAccessCommand(db: Db, userId: number | null, commandId: number): boolean {
  if (userId === null) return true;
  return !!db
    .prepare(
      `SELECT 1 FROM links WHERE propertyType = 'command' AND propertyId = @commandId AND ownerType = 'user'
       AND ownerId IN (${OWNER_IDS})`,
    )
    .get({ userId, commandId });
}

interface CommandInput {
  type: string;
  textChannel: boolean;
  attributes: Attributes;
}

function checkSupported(db: Db, deviceId: number, command: CommandInput): void {
  if (command.textChannel) throw badRequest('SMS is not enabled');
  if (!supportedCommandTypes(db, deviceId, false).includes(command.type)) {
    throw badRequest(`Command ${command.type} is not supported by the device's protocol (osmand supports custom only)`);
  }
  if (command.type === 'custom' && (typeof command.attributes.data !== 'string' || command.attributes.data === '')) {
    throw badRequest('A custom command needs the attribute data');
  }
}

export function commandSendRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/commands/types', access('object:device'), async (request): Promise<Typed[]> => {
    const { user } = signedIn(request);
    const deviceId = queryInt(request.query, 'deviceId') ?? 0;
    if (deviceId <= 0) return COMMAND_TYPES.map((type) => ({ type }));
    if (!canAccessDevice(ctx.db, user.administrator ? null : user.id, deviceId)) throw forbidden('Device access denied');
    return supportedCommandTypes(ctx.db, deviceId, queryBool(request.query, 'textChannel')).map((type) => ({ type }));
  });

  app.get('/api/commands/send', access('object:device'), async (request): Promise<Command[]> => {
    const { user } = signedIn(request);
    const value = queryString(request.query, 'deviceId');
    if (value === undefined) throw badRequest('deviceId is required');
    const deviceId = parseId(value, 'deviceId');
    if (!canAccessDevice(ctx.db, user.administrator ? null : user.id, deviceId)) throw forbidden('Device access denied');
    // As Traccar: saved commands linked both to the user and to the device.
    const rows = ctx.db
      .prepare(
        `SELECT * FROM commands WHERE
           id IN (SELECT propertyId FROM links WHERE ownerType = 'user' AND ownerId = @userId AND propertyType = 'command')
           AND id IN (SELECT propertyId FROM links WHERE ownerType = 'device' AND ownerId = @deviceId AND propertyType = 'command')
         ORDER BY description, id`,
      )
      .all({ userId: user.id, deviceId }) as CommandRow[];
    return rows
      .filter((row) => supportedCommandTypes(ctx.db, deviceId, bool(row.textChannel)).includes(row.type))
      .map(toCommand);
  });

  app.post('/api/commands/send', access('writable'), async (request, reply) => {
    const { user } = signedIn(request);
    const body = objectBody(request.body);
    const savedId = field.integer(body, 'id') ?? 0;
    const deviceId = field.integer(body, 'deviceId') ?? 0;
    const scope = user.administrator ? null : user.id;
    let command: CommandInput;
    if (savedId > 0) {
      if (!canAccessCommand(ctx.db, scope, savedId)) throw forbidden('Command access denied');
      const saved = ctx.db.prepare('SELECT * FROM commands WHERE id = ?').get(savedId) as CommandRow | undefined;
      if (!saved) throw badRequest('Command not found');
      command = { type: saved.type, textChannel: bool(saved.textChannel), attributes: parseAttributes(saved.attributes) };
    } else {
      if (!user.administrator && (user.limitCommands === 1 || getServerSettings(ctx.db).limitCommands)) {
        throw forbidden('Account has limited commands: only saved commands may be sent');
      }
      const type = field.string(body, 'type');
      if (!type || !(COMMAND_TYPES as readonly string[]).includes(type)) throw badRequest('Field type must be a known command type');
      command = { type, textChannel: field.boolean(body, 'textChannel') ?? false, attributes: field.attributes(body) ?? {} };
    }

    const groupIdValue = queryString(request.query, 'groupId');
    const groupId = groupIdValue === undefined || groupIdValue === '' ? 0 : parseId(groupIdValue, 'groupId');
    if (groupId > 0) {
      const group = ctx.db.prepare('SELECT 1 FROM device_groups WHERE id = ?').get(groupId);
      const devices = ctx.db
        .prepare(
          `WITH RECURSIVE sub(id) AS (SELECT @groupId UNION SELECT device_groups.id FROM device_groups JOIN sub ON device_groups.groupId = sub.id)
           SELECT id FROM devices WHERE groupId IN sub ${scope === null ? '' : `AND id IN (${ACCESSIBLE_DEVICES})`} ORDER BY id`,
        )
        .all(scope === null ? { groupId } : { groupId, userId: scope }) as Array<{ id: number }>;
      const reachable =
        scope === null ||
        !!ctx.db.prepare(`SELECT 1 WHERE @groupId IN (${ACCESSIBLE_GROUPS})`).get({ userId: scope, groupId });
      if (!group || !reachable) throw forbidden('Group access denied');
      for (const device of devices) checkSupported(ctx.db, device.id, command);
      const queued = ctx.db.transaction(() =>
        devices.map((device) => queueCommand(ctx.db, device.id, command.type, command.textChannel, command.attributes)),
      )();
      return reply.code(202).send(queued);
    }

    if (deviceId <= 0) throw badRequest('deviceId is required');
    if (!findDevice(ctx.db, deviceId) || !canAccessDevice(ctx.db, scope, deviceId)) throw forbidden('Device access denied');
    checkSupported(ctx.db, deviceId, command);
    // OsmAnd devices never hold a live connection: the command waits for the next report.
    return reply.code(202).send(queueCommand(ctx.db, deviceId, command.type, command.textChannel, command.attributes));
  });
}
