import { describe, expect, it } from 'vitest';
import type { Server, User } from '../../contract/models';
import { landsOnOverview, startView } from './homeView';

const user = (attributes: Record<string, string>) => ({ attributes }) as unknown as User;
const server = (attributes: Record<string, string>, forceSettings = false) => ({ attributes, forceSettings }) as unknown as Server;

describe('startView', () => {
  it.each<[string, User | null, Server | null, 'map' | 'overview']>([
    ['nothing chosen: the map', user({}), server({}), 'map'],
    ['the user chose the overview', user({ 'athar.startView': 'overview' }), server({}), 'overview'],
    ['the server’s default', user({}), server({ 'athar.startView': 'overview' }), 'overview'],
    ['the user’s choice over the server’s default', user({ 'athar.startView': 'map' }), server({ 'athar.startView': 'overview' }), 'map'],
    ['forced by the server', user({ 'athar.startView': 'map' }), server({ 'athar.startView': 'overview' }, true), 'overview'],
    ['an unknown value: the map', user({ 'athar.startView': 'dashboard' }), null, 'map'],
    ['signed out', null, null, 'map'],
  ])('%s', (_name, u, s, expected) => {
    expect(startView(u, s)).toBe(expected);
    expect(landsOnOverview(u, s)).toBe(expected === 'overview');
  });
});
